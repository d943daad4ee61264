//! Province names as players type them: abbreviations, full names, aliases,
//! unambiguous prefixes of full names, and suggestions for misspellings.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::{MapError, ProvinceId};

/// The outcome of looking up a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
  Found(ProvinceId),
  /// The text is the start of several provinces' names.
  Ambiguous {
    text: String,
    candidates: Vec<ProvinceId>,
  },
  /// Nothing matches; `suggestions` are the nearest names, best first.
  Unknown {
    text: String,
    suggestions: Vec<ProvinceId>,
  },
}

/// FNV-1a: names are a few bytes long, where SipHash's set-up dominates.
/// The keys come from the map file, not from players, so flooding is no
/// concern.
struct Fnv(u64);

impl Default for Fnv {
  fn default() -> Fnv {
    Fnv(0xcbf2_9ce4_8422_2325)
  }
}

impl Hasher for Fnv {
  fn finish(&self) -> u64 {
    self.0
  }

  fn write(&mut self, bytes: &[u8]) {
    let mut hash = self.0;
    for &byte in bytes {
      hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    self.0 = hash;
  }
}

type FnvBuild = BuildHasherDefault<Fnv>;

/// Every spelling of every province, normalised (see [`normalize`]), built
/// once at map load so that a lookup allocates nothing: the text is folded
/// into a stack buffer ([`Key`]) and hashed.
#[derive(Debug)]
pub(super) struct NameIndex {
  /// Normalised spelling to province.
  exact: HashMap<Box<str>, ProvinceId, FnvBuild>,
  /// The first words of every spelling of several words (`gulf`, `gulf
  /// of`), and the empty key: a longer match is tried only after one of
  /// these, so `Bud S A Vie` costs one lookup, not three.
  continues: HashSet<Box<str>, FnvBuild>,
  /// (normalised spelling, province), sorted by spelling: the spellings a
  /// prefix begins form one run of it.
  spellings: Vec<(Box<str>, ProvinceId)>,
  /// The most words any spelling has, bounding how far a match looks ahead.
  max_words: usize,
  /// The one-word spellings of letters and digits that start no longer
  /// spelling: for these a word alone decides the match, so the order
  /// parser's fast path reads `Vie` in one probe.
  words: Words8,
  /// Those of them longer than eight bytes.
  long_words: HashMap<Box<str>, ProvinceId, FnvBuild>,
}

/// Words of up to eight ASCII letters and digits, each packed into a
/// `u64` (never 0, since no such byte is 0), in an open-addressed table at
/// most a quarter full: a probe is a multiply and a compare or two, where
/// hashing a string and comparing it cost several times that.
#[derive(Debug, Default)]
struct Words8 {
  slots: Vec<(u64, ProvinceId)>,
  /// 64 minus the table's size in bits.
  shift: u32,
}

impl Words8 {
  /// The word in lower case, packed; `None` when it is longer than eight
  /// bytes or holds anything but ASCII letters and digits.
  fn pack(word: &[u8]) -> Option<u64> {
    if word.len() > 8 {
      return None;
    }
    let mut key = 0;
    for (at, &byte) in word.iter().enumerate() {
      if !byte.is_ascii_alphanumeric() {
        return None;
      }
      key |= u64::from(byte.to_ascii_lowercase()) << (8 * at);
    }
    Some(key)
  }

  fn slot(&self, key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
  }

  fn build(words: &[(u64, ProvinceId)]) -> Words8 {
    let size = (words.len() * 4).next_power_of_two().max(4);
    let mut table =
      Words8 { slots: vec![(0, ProvinceId(0)); size], shift: 64 - size.trailing_zeros() };
    let mask = table.slots.len() - 1;
    for &(key, id) in words {
      let mut at = table.slot(key);
      while table.slots[at].0 != 0 {
        at = (at + 1) & mask;
      }
      table.slots[at] = (key, id);
    }
    table
  }

  fn get(&self, key: u64) -> Option<ProvinceId> {
    let mask = self.slots.len().checked_sub(1)?;
    let mut at = self.slot(key) & mask;
    loop {
      match self.slots.get(at)? {
        (0, _) => return None,
        &(found, id) if found == key => return Some(id),
        _ => at = (at + 1) & mask,
      }
    }
  }
}

/// Lower case, dots dropped, hyphens and runs of blanks turned into one space:
/// "St. Petersburg" and "mid-atlantic" become "st petersburg", "mid atlantic".
pub(crate) fn normalize(text: &str) -> String {
  let mut key = Key::new();
  push_normalized(&mut key, text);
  key.as_str().to_string()
}

/// Appends `text` normalised to `key`: the words of `text` (split at blanks,
/// `-` and `_`), each without dots and in lower case, one space between
/// words, and none for a word that was only dots.
fn push_normalized(key: &mut Key, text: &str) {
  for word in
    text.split(|c: char| c.is_whitespace() || c == '-' || c == '_').filter(|w| !w.is_empty())
  {
    let before = key.len();
    if before > 0 {
      key.push(' ');
    }
    let start = key.len();
    if word.is_ascii() {
      word.bytes().filter(|&b| b != b'.').for_each(|b| key.push_ascii(b.to_ascii_lowercase()));
    } else {
      for c in word.chars().filter(|&c| c != '.') {
        c.to_lowercase().for_each(|l| key.push(l));
      }
    }
    if key.len() == start {
      key.truncate(before);
    }
  }
}

/// A normalised name being built: on the stack while it fits, which every
/// name a player types does, else on the heap.
enum Key {
  Inline { bytes: [u8; Key::INLINE], len: usize },
  Heap(String),
}

impl Key {
  const INLINE: usize = 64;

  fn new() -> Key {
    Key::Inline { bytes: [0; Key::INLINE], len: 0 }
  }

  fn len(&self) -> usize {
    match self {
      Key::Inline { len, .. } => *len,
      Key::Heap(text) => text.len(),
    }
  }

  fn push(&mut self, c: char) {
    let mut utf8 = [0; 4];
    let encoded = c.encode_utf8(&mut utf8).as_bytes();
    match self {
      Key::Inline { bytes, len } if *len + encoded.len() <= Key::INLINE => {
        bytes[*len..*len + encoded.len()].copy_from_slice(encoded);
        *len += encoded.len();
      }
      Key::Inline { .. } => {
        let mut text = self.as_str().to_string();
        text.push(c);
        *self = Key::Heap(text);
      }
      Key::Heap(text) => text.push(c),
    }
  }

  /// Appends an ASCII byte, the common case, without encoding a `char`.
  fn push_ascii(&mut self, byte: u8) {
    match self {
      Key::Inline { bytes, len } if *len < Key::INLINE && byte.is_ascii() => {
        bytes[*len] = byte;
        *len += 1;
      }
      _ => self.push(char::from(byte)),
    }
  }

  /// Cuts the key back to `at` bytes, a length it had before.
  fn truncate(&mut self, at: usize) {
    match self {
      Key::Inline { len, .. } => *len = at.min(*len),
      Key::Heap(text) => text.truncate(at),
    }
  }

  fn as_str(&self) -> &str {
    match self {
      // Only whole characters are pushed, so the bytes are always UTF-8.
      Key::Inline { bytes, len } => std::str::from_utf8(&bytes[..*len]).unwrap_or_default(),
      Key::Heap(text) => text,
    }
  }
}

/// Where each leading word of a text ends: (byte offset in the text, length
/// of the normalised key up to and including that word). Inline for the few
/// words a map's names have, spilling over only for an odd map file.
struct Words {
  inline: [(usize, usize); Words::INLINE],
  len: usize,
  spill: Vec<(usize, usize)>,
}

impl Words {
  const INLINE: usize = 8;

  fn new() -> Words {
    Words { inline: [(0, 0); Words::INLINE], len: 0, spill: Vec::new() }
  }

  fn push(&mut self, word: (usize, usize)) {
    if self.len < Words::INLINE {
      self.inline[self.len] = word;
    } else {
      self.spill.push(word);
    }
    self.len += 1;
  }

  fn get(&self, k: usize) -> (usize, usize) {
    if k < Words::INLINE {
      self.inline[k]
    } else {
      self.spill[k - Words::INLINE]
    }
  }
}

fn is_word_char(c: char) -> bool {
  c.is_alphanumeric() || c == '.' || c == '\''
}

impl NameIndex {
  pub(super) fn build<'a>(
    provinces: impl Iterator<Item = ((&'a str, &'a str), &'a [String])>,
  ) -> Result<NameIndex, MapError> {
    let mut index = NameIndex {
      exact: HashMap::default(),
      continues: HashSet::default(),
      spellings: Vec::new(),
      max_words: 1,
      words: Words8::default(),
      long_words: HashMap::default(),
    };
    index.continues.insert("".into());
    let mut owner_names: Vec<String> = Vec::new();
    for (position, ((abbr, name), aliases)) in provinces.enumerate() {
      let id = ProvinceId(position as u16);
      owner_names.push(abbr.to_string());
      for spelling in [abbr, name].into_iter().chain(aliases.iter().map(String::as_str)) {
        let key = normalize(spelling);
        if key.is_empty() {
          continue;
        }
        match index.exact.get(key.as_str()) {
          Some(&other) if other != id => {
            return Err(MapError::DuplicateName {
              name: spelling.to_string(),
              first: owner_names[other.index()].clone(),
              second: abbr.to_string(),
            });
          }
          Some(_) => continue,
          None => {}
        }
        index.max_words = index.max_words.max(key.split(' ').count());
        for (at, _) in key.match_indices(' ') {
          index.continues.insert(key[..at].into());
        }
        index.exact.insert(key.clone().into_boxed_str(), id);
        index.spellings.push((key.into_boxed_str(), id));
      }
    }
    index.spellings.sort();
    let mut short = Vec::new();
    for (key, &id) in &index.exact {
      if !key.bytes().all(|b| b.is_ascii_alphanumeric()) || index.continues.contains(&**key) {
        continue;
      }
      match Words8::pack(key.as_bytes()) {
        Some(packed) => short.push((packed, id)),
        None => {
          index.long_words.insert(key.clone(), id);
        }
      }
    }
    index.words = Words8::build(&short);
    Ok(index)
  }

  /// The province a single word of ASCII letters and digits names, when
  /// [`NameIndex::match_prefix`] would take exactly that word at the start
  /// of any text where a blank, `/` or the end follows it. `None` means
  /// "ask `match_prefix`", not "unknown".
  pub(super) fn word(&self, word: &str) -> Option<ProvinceId> {
    if let Some(packed) = Words8::pack(word.as_bytes()) {
      return self.words.get(packed);
    }
    let mut folded = [0u8; 24];
    let head = folded.get_mut(..word.len())?;
    head.copy_from_slice(word.as_bytes());
    if !head.iter().all(u8::is_ascii_alphanumeric) {
      return None;
    }
    head.make_ascii_lowercase();
    self.long_words.get(std::str::from_utf8(head).ok()?).copied()
  }

  pub(super) fn lookup(&self, text: &str) -> Lookup {
    let trimmed = text.trim();
    match self.match_prefix(trimmed) {
      Ok((id, used)) if trimmed[used..].trim().is_empty() => Lookup::Found(id),
      Ok(_) => self.unknown(trimmed),
      Err(lookup) => lookup,
    }
  }

  /// The spellings that start with `key` (normalised): a run of the
  /// sorted list.
  fn starting_with<'s>(&'s self, key: &'s str) -> impl Iterator<Item = ProvinceId> + 's {
    let from = self.spellings.partition_point(|(s, _)| **s < *key);
    self.spellings[from..].iter().take_while(move |(s, _)| s.starts_with(key)).map(|(_, id)| *id)
  }

  /// The longest spelling that starts `text` at a word boundary; failing
  /// that, a full name that the first words of `text` begin uniquely.
  pub(super) fn match_prefix(&self, text: &str) -> Result<(ProvinceId, usize), Lookup> {
    // The key of the first k words is the first bytes of the key of all of
    // them, since only blanks and hyphens lie between words; so one key
    // serves every try. The first pass reads only the words that may still
    // make a spelling.
    let mut key = Key::new();
    let words = self.leading_words(text, &mut key, true);
    if words.len == 0 {
      return Err(Lookup::Unknown { text: String::new(), suggestions: Vec::new() });
    }
    let full = key.as_str();
    for k in (0..words.len).rev() {
      let (end, folded) = words.get(k);
      if let Some(&id) = full.get(..folded).and_then(|prefix| self.exact.get(prefix)) {
        return Ok((id, end));
      }
    }
    let mut key = Key::new();
    let words = self.leading_words(text, &mut key, false);
    let full = key.as_str();
    let mut ambiguous = None;
    for k in (0..words.len).rev() {
      let (end, folded) = words.get(k);
      let Some(prefix) = full.get(..folded) else { continue };
      if prefix.len() < 3 {
        continue;
      }
      let mut matches = self.starting_with(prefix);
      let Some(first) = matches.next() else { continue };
      if matches.all(|id| id == first) {
        return Ok((first, end));
      }
      if ambiguous.is_none() {
        let mut candidates: Vec<ProvinceId> = self.starting_with(prefix).collect();
        candidates.sort();
        candidates.dedup();
        ambiguous = Some((text[..end].to_string(), candidates));
      }
    }
    match ambiguous {
      Some((text, candidates)) => Err(Lookup::Ambiguous { text, candidates }),
      None => Err(self.unknown(&text[..words.get(0).0])),
    }
  }

  /// Up to `max_words` words at the start of `text` joined only by blanks or
  /// hyphens: where each ends, and their normalised key, built into `key`.
  /// With `spellings_only`, it stops before a word that makes the key
  /// longer when the key so far starts no spelling of more words: the
  /// longer keys cannot be spellings, so `Bud S A Vie` reads only `Bud`.
  fn leading_words(&self, text: &str, key: &mut Key, spellings_only: bool) -> Words {
    let mut words = Words::new();
    let mut rest = 0;
    while words.len < self.max_words {
      let gap = text[rest..]
        .find(|c: char| !(c.is_whitespace() || c == '-'))
        .map_or(text.len(), |g| rest + g);
      if words.len > 0 && gap == rest {
        break;
      }
      let end = text[gap..].find(|c: char| !is_word_char(c)).map_or(text.len(), |e| gap + e);
      if end == gap {
        break;
      }
      if words.len == 0 && text[..gap].chars().any(|c| !c.is_whitespace()) {
        return Words::new();
      }
      let before = key.len();
      push_normalized(key, &text[gap..end]);
      if spellings_only
        && key.len() != before
        && !key.as_str().get(..before).is_some_and(|p| self.continues.contains(p))
      {
        key.truncate(before);
        break;
      }
      words.push((end, key.len()));
      rest = end;
    }
    words
  }

  fn unknown(&self, text: &str) -> Lookup {
    let key = normalize(text);
    let limit = if key.len() <= 4 { 1 } else { 2 };
    let mut scored: Vec<(usize, ProvinceId)> = self
      .spellings
      .iter()
      .map(|(s, id)| (strsim::damerau_levenshtein(&key, s), *id))
      .filter(|(d, _)| *d <= limit)
      .collect();
    scored.sort();
    let mut suggestions: Vec<ProvinceId> = Vec::new();
    for (_, id) in scored {
      if !suggestions.contains(&id) && suggestions.len() < 3 {
        suggestions.push(id);
      }
    }
    Lookup::Unknown { text: text.trim().to_string(), suggestions }
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::map::Map;

  /// The lookup as it was before the index, allocating a `String` per try:
  /// the reference the allocation-free one must agree with.
  fn reference(index: &NameIndex, text: &str) -> Result<(ProvinceId, usize), Lookup> {
    fn old_normalize(text: &str) -> String {
      let mut out = String::new();
      for word in
        text.split(|c: char| c.is_whitespace() || c == '-' || c == '_').filter(|w| !w.is_empty())
      {
        let word: String =
          word.chars().filter(|&c| c != '.').flat_map(char::to_lowercase).collect();
        if word.is_empty() {
          continue;
        }
        if !out.is_empty() {
          out.push(' ');
        }
        out.push_str(&word);
      }
      out
    }
    let mut words = Vec::new();
    let mut rest = 0;
    while words.len() < index.max_words {
      let gap = text[rest..]
        .find(|c: char| !(c.is_whitespace() || c == '-'))
        .map_or(text.len(), |g| rest + g);
      if !words.is_empty() && gap == rest {
        break;
      }
      let end = text[gap..].find(|c: char| !is_word_char(c)).map_or(text.len(), |e| gap + e);
      if end == gap {
        break;
      }
      words.push((gap, end));
      rest = end;
      if words.len() == 1 && text[..gap].chars().any(|c| !c.is_whitespace()) {
        words.clear();
        break;
      }
    }
    if words.is_empty() {
      return Err(Lookup::Unknown { text: String::new(), suggestions: Vec::new() });
    }
    for k in (1..=words.len()).rev() {
      let end = words[k - 1].1;
      if let Some(&id) = index.exact.get(old_normalize(&text[..end]).as_str()) {
        return Ok((id, end));
      }
    }
    let mut ambiguous = None;
    for k in (1..=words.len()).rev() {
      let end = words[k - 1].1;
      let key = old_normalize(&text[..end]);
      if key.len() < 3 {
        continue;
      }
      let mut candidates: Vec<ProvinceId> =
        index.spellings.iter().filter(|(s, _)| s.starts_with(&key)).map(|(_, id)| *id).collect();
      candidates.sort();
      candidates.dedup();
      match candidates.len() {
        0 => {}
        1 => return Ok((candidates[0], end)),
        _ if ambiguous.is_none() => ambiguous = Some((text[..end].to_string(), candidates)),
        _ => {}
      }
    }
    match ambiguous {
      Some((text, candidates)) => Err(Lookup::Ambiguous { text, candidates }),
      None => Err(index.unknown(&text[..words[0].1])),
    }
  }

  #[test]
  fn the_index_agrees_with_the_allocating_lookup() {
    let map = Map::standard().expect("standard map");
    let index = &map.names;
    let mut pieces: Vec<String> = Vec::new();
    for (spelling, _) in &index.spellings {
      pieces.push(spelling.to_string());
      pieces.push(spelling.to_uppercase());
      pieces.push(spelling.replace(' ', "-"));
      pieces.push(spelling.chars().take(3).collect());
      pieces.push(spelling.chars().take(5).collect());
    }
    for extra in [
      " ", "  ", "-", " - ", ".", "...", "s", "A", "F", "/sc", "(nc)", "_", "St.", "ÉCOSSE", "İ",
      "x", "gulf", "of", "->", "'", "coast", "\t", "ñ",
    ] {
      pieces.push(extra.to_string());
    }
    let mut rng =
      <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0x9E37_79B9_7F4A_7C15_u64);
    let mut next = |n: usize| rand::RngExt::random_range(&mut rng, 0..n);
    for _ in 0..3_000 {
      let mut text = String::new();
      for _ in 0..1 + next(5) {
        text.push_str(&pieces[next(pieces.len())]);
        text.push_str([" ", "", "-", " . ", "  "][next(5)]);
      }
      assert_eq!(index.match_prefix(&text), reference(index, &text), "{text:?}");
    }
  }

  #[test]
  fn a_word_alone_matches_as_match_prefix_does() {
    let map = Map::standard().expect("standard map");
    let index = &map.names;
    let mut found = 0;
    let words = index.spellings.iter().flat_map(|(s, _)| {
      [s.to_string(), s.to_uppercase(), s.chars().take(3).collect(), format!("{s}x")]
    });
    for word in words.chain(["", "a", "1", "x", "ab1", "constantinople"].map(String::from)) {
      let Some(id) = index.word(&word) else { continue };
      found += 1;
      for after in ["", " ", " - Gal", " sea", "/sc", "  h", " of"] {
        let text = format!("{word}{after}");
        assert_eq!(index.match_prefix(&text), Ok((id, word.len())), "{text:?}");
      }
    }
    assert!(found > 150, "{found}");
  }
}
