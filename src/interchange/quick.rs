//! The usual request read by hand, before serde: an object of the known
//! fields whose strings have no escapes, whose lists are lists of strings
//! and whose `dislodged`, if given, is empty. serde's derived reader,
//! general over every `Deserializer`, spent about a fifth of a phase on
//! such a request. Anything else (escapes, numbers, `null`, a field given
//! twice, `homes`, `viewer`, a field the judge does not know, bad JSON) is
//! `None`, which means "not sure", never "wrong": serde then reads it, so
//! every message stays serde's. A unit test holds the two to the same
//! result whenever this one answers.

use std::borrow::Cow;

use indexmap::IndexMap;

use super::{standard_variant_json, JsonStr, ListsJson, RequestJson};

/// The JSON value at the start of `text` as serde's stream would read it,
/// and where it ends, when it has the usual shape.
pub(super) fn request(text: &str) -> Option<(RequestJson<'_>, usize)> {
  let mut reader = Reader { text, at: 0 };
  let mut request = RequestJson {
    variant: standard_variant_json(),
    phase: JsonStr(Cow::Borrowed("")),
    units: ListsJson::default(),
    dislodged: IndexMap::new(),
    standoffs: Vec::new(),
    centers: None,
    homes: None,
    orders: ListsJson::default(),
    rules: Vec::new(),
    viewer: None,
    visibility: None,
  };
  let mut seen = [false; FIELDS.len()];
  reader.expect(b'{')?;
  reader.space();
  if !reader.take(b'}') {
    loop {
      let key = reader.string()?;
      let field = FIELDS.iter().position(|&name| name == key)?;
      if std::mem::replace(&mut seen[field], true) {
        return None;
      }
      reader.space();
      reader.expect(b':')?;
      reader.space();
      match FIELDS[field] {
        "variant" => request.variant = JsonStr(Cow::Borrowed(reader.string()?)),
        "phase" => request.phase = JsonStr(Cow::Borrowed(reader.string()?)),
        "units" => request.units = reader.lists()?,
        "centers" => request.centers = Some(reader.lists()?),
        "orders" => request.orders = reader.lists()?,
        "dislodged" => {
          reader.expect(b'{')?;
          reader.space();
          reader.expect(b'}')?;
        }
        "standoffs" => request.standoffs = reader.owned_list()?,
        "rules" => request.rules = reader.owned_list()?,
        _ => return None,
      }
      reader.space();
      if reader.take(b'}') {
        break;
      }
      reader.expect(b',')?;
      reader.space();
    }
  }
  let phase = FIELDS.iter().position(|&name| name == "phase")?;
  seen[phase].then_some((request, reader.at))
}

/// The fields read here; any other is left to serde.
const FIELDS: [&str; 8] =
  ["variant", "phase", "units", "centers", "orders", "dislodged", "standoffs", "rules"];

struct Reader<'a> {
  text: &'a str,
  at: usize,
}

impl<'a> Reader<'a> {
  fn bytes(&self) -> &'a [u8] {
    self.text.as_bytes()
  }

  /// JSON's white space.
  fn space(&mut self) {
    let bytes = self.bytes();
    while self.at < bytes.len() && matches!(bytes[self.at], b' ' | b'\t' | b'\n' | b'\r') {
      self.at += 1;
    }
  }

  /// Steps over `byte` if it comes next.
  fn take(&mut self, byte: u8) -> bool {
    let here = self.bytes().get(self.at) == Some(&byte);
    self.at += usize::from(here);
    here
  }

  fn expect(&mut self, byte: u8) -> Option<()> {
    self.take(byte).then_some(())
  }

  /// A string with no escapes and no control characters, borrowed.
  fn string(&mut self) -> Option<&'a str> {
    self.expect(b'"')?;
    let rest = self.bytes().get(self.at..)?;
    // A byte at a time: the strings are a few bytes long, shorter than what
    // `memchr` or a word at a time needs to gain on its start.
    let end = rest.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
    if rest[end] != b'"' {
      return None;
    }
    // Both ends are ASCII quotes, so on character boundaries.
    let text = self.text.get(self.at..self.at + end)?;
    self.at += end + 1;
    Some(text)
  }

  /// A list of strings, with `ListJson`'s room for eight.
  fn list(&mut self) -> Option<Vec<JsonStr<'a>>> {
    let mut list = Vec::with_capacity(8);
    self.expect(b'[')?;
    self.space();
    if self.take(b']') {
      return Some(list);
    }
    loop {
      list.push(JsonStr(Cow::Borrowed(self.string()?)));
      self.space();
      if self.take(b']') {
        return Some(list);
      }
      self.expect(b',')?;
      self.space();
    }
  }

  /// A list of strings, copied.
  fn owned_list(&mut self) -> Option<Vec<String>> {
    Some(self.list()?.into_iter().map(|item| item.0.into_owned()).collect())
  }

  /// Lists by power as `ListsJson` reads them: a key given twice keeps its
  /// place and takes the last list.
  fn lists(&mut self) -> Option<ListsJson<'a>> {
    let mut lists = ListsJson::new();
    self.expect(b'{')?;
    self.space();
    if self.take(b'}') {
      return Some(lists);
    }
    loop {
      let key = JsonStr(Cow::Borrowed(self.string()?));
      self.space();
      self.expect(b':')?;
      self.space();
      lists.insert(key, self.list()?);
      self.space();
      if self.take(b'}') {
        return Some(lists);
      }
      self.expect(b',')?;
      self.space();
    }
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  /// What serde reads, as text that shows every field in order.
  fn by_serde(text: &str) -> Option<String> {
    serde_json::from_str::<RequestJson>(text).ok().map(|request| format!("{request:?}"))
  }

  /// The hand reader on a whole value, with white space around it.
  fn by_hand(text: &str) -> Option<String> {
    let value = text.trim_start_matches([' ', '\t', '\n', '\r']);
    let (request, end) = request(value)?;
    let rest = value.get(end..)?;
    rest.trim_start_matches([' ', '\t', '\n', '\r']).is_empty().then(|| format!("{request:?}"))
  }

  /// Whenever the hand reader answers, serde reads the same request; it
  /// answers for the usual shapes; and it leaves to serde whatever serde
  /// refuses. Checked on requests of every shape and on every cut and
  /// every one-byte change of them.
  #[test]
  fn reads_what_serde_reads_or_nothing() {
    let requests = [
      r#"{"variant":"standard","phase":"S1903M","units":{"Austria":["A Bud","A Gal"],"Russia":["F Bul/ec"]},"dislodged":{},"centers":{"Austria":["Bud","Ser"]},"orders":{"Austria":["A Bud - Tri","A Gal S A Bud - Tri"],"Russia":[]},"rules":[]}"#,
      "{\n  \"phase\": \"F1901M\",\n  \"units\": {\"Germany\": [\"A Mun\"]},\n  \"orders\": {\"Germany\": [\"A Mun - Ruh\"]}\n}",
      r#" { "phase" : "W1901B" , "centers" : { } , "orders" : { "England" : [ "Build F Lon" ] } } "#,
      r#"{"phase":"S1901M","units":{"France":["A Par"],"France":["A Bre"]},"rules":["COASTAL_CRAWL"],"standoffs":["Bur"]}"#,
      r#"{"phase":"S1901M","orders":{"Italy":["A Ven - Tyr é"]}}"#,
      r#"{"phase":"S1901R","dislodged":{"France":[{"unit":"A Bur"}]}}"#,
      r#"{"phase":"S1901M","viewer":"France","visibility":["BLIND"]}"#,
      r#"{"phase":"S1901M","units":{"France":["A \"Par\""]}}"#,
      r#"{"phase":"S1901M","centers":null}"#,
      r#"{"phase":"S1901M","phase":"F1901M"}"#,
      r#"{"phase":"S1901M","bogus":1}"#,
      r#"{"units":{}}"#,
      r#"{}"#,
    ];
    let mut answered = 0;
    for text in requests {
      let mut variants = vec![text.to_string()];
      for cut in 0..text.len() {
        if let Some(head) = text.get(..cut) {
          variants.push(head.to_string());
        }
      }
      for at in 0..text.len() {
        for byte in [b' ', b'"', b',', b':', b'{', b'}', b'[', b']', b'\\', b'\n', 0x01, b'x'] {
          let mut bytes = text.as_bytes().to_vec();
          bytes[at] = byte;
          if let Ok(changed) = String::from_utf8(bytes) {
            variants.push(changed);
          }
        }
      }
      for variant in &variants {
        let hand = by_hand(variant);
        if hand.is_some() {
          answered += 1;
          assert_eq!(hand, by_serde(variant), "{variant}");
        }
      }
    }
    for usual in &requests[..5] {
      assert!(by_hand(usual).is_some(), "{usual}");
    }
    for unusual in &requests[5..] {
      assert_eq!(by_hand(unusual), None, "{unusual}");
    }
    assert!(answered > 500, "{answered}");
  }
}
