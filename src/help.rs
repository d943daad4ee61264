//! Placeholder until the help files land (see branch helpdocs).
use std::borrow::Cow;
pub fn file(name: &str) -> Option<Cow<'static, str>> {
  names().iter().find(|n| n.eq_ignore_ascii_case(name)).map(|n| Cow::Owned(format!("file {n}\n")))
}
pub fn names() -> &'static [&'static str] {
  &["info", "guide", "form", "flist", "index", "rules", "map", "house.rules"]
}
pub fn package() -> &'static [&'static str] {
  &["info", "guide", "form", "flist", "house.rules", "rules"]
}
