//! Province names as players type them: abbreviations, full names, aliases,
//! unambiguous prefixes of full names, and suggestions for misspellings.

use std::collections::HashMap;

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

/// Every spelling of every province, normalised (see [`normalize`]).
#[derive(Debug)]
pub(super) struct NameIndex {
  exact: HashMap<String, ProvinceId>,
  /// (normalised spelling, province) for prefix matching and suggestions.
  spellings: Vec<(String, ProvinceId)>,
  /// The most words any spelling has, bounding how far a match looks ahead.
  max_words: usize,
}

/// Lower case, dots dropped, hyphens and runs of blanks turned into one space:
/// "St. Petersburg" and "mid-atlantic" become "st petersburg", "mid atlantic".
pub(crate) fn normalize(text: &str) -> String {
  let mut out = String::with_capacity(text.len());
  for word in
    text.split(|c: char| c.is_whitespace() || c == '-' || c == '_').filter(|w| !w.is_empty())
  {
    let word: String = word.chars().filter(|&c| c != '.').flat_map(char::to_lowercase).collect();
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

fn is_word_char(c: char) -> bool {
  c.is_alphanumeric() || c == '.' || c == '\''
}

impl NameIndex {
  pub(super) fn build<'a>(
    provinces: impl Iterator<Item = ((&'a str, &'a str), &'a [String])>,
  ) -> Result<NameIndex, MapError> {
    let mut index = NameIndex { exact: HashMap::new(), spellings: Vec::new(), max_words: 1 };
    let mut owner_names: Vec<String> = Vec::new();
    for (position, ((abbr, name), aliases)) in provinces.enumerate() {
      let id = ProvinceId(position as u16);
      owner_names.push(abbr.to_string());
      for spelling in [abbr, name].into_iter().chain(aliases.iter().map(String::as_str)) {
        let key = normalize(spelling);
        if key.is_empty() {
          continue;
        }
        match index.exact.get(&key) {
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
        index.exact.insert(key.clone(), id);
        index.spellings.push((key, id));
      }
    }
    Ok(index)
  }

  pub(super) fn lookup(&self, text: &str) -> Lookup {
    let trimmed = text.trim();
    match self.match_prefix(trimmed) {
      Ok((id, used)) if trimmed[used..].trim().is_empty() => Lookup::Found(id),
      Ok(_) => self.unknown(trimmed),
      Err(lookup) => lookup,
    }
  }

  /// The longest spelling that starts `text` at a word boundary; failing
  /// that, a full name that the first words of `text` begin uniquely.
  pub(super) fn match_prefix(&self, text: &str) -> Result<(ProvinceId, usize), Lookup> {
    let words = self.leading_words(text);
    if words.is_empty() {
      return Err(Lookup::Unknown { text: String::new(), suggestions: Vec::new() });
    }
    for k in (1..=words.len()).rev() {
      let end = words[k - 1].1;
      if let Some(&id) = self.exact.get(&normalize(&text[..end])) {
        return Ok((id, end));
      }
    }
    let mut ambiguous = None;
    for k in (1..=words.len()).rev() {
      let end = words[k - 1].1;
      let key = normalize(&text[..end]);
      if key.len() < 3 {
        continue;
      }
      let mut candidates: Vec<ProvinceId> =
        self.spellings.iter().filter(|(s, _)| s.starts_with(&key)).map(|(_, id)| *id).collect();
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
      None => Err(self.unknown(&text[..words[0].1])),
    }
  }

  /// Up to `max_words` words at the start of `text` joined only by blanks or
  /// hyphens, as (start, end) byte offsets.
  fn leading_words(&self, text: &str) -> Vec<(usize, usize)> {
    let mut words = Vec::new();
    let mut rest = 0;
    while words.len() < self.max_words {
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
        return Vec::new();
      }
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
