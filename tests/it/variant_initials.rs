//! Power initials that are not letters, by mail. Void's 36 powers include
//! W Mediterranean Sea (`+`) and Yorkshire (`*`): they sign on, are named
//! in press lists (`TO +*`, `++`, `-*`) and in preference lists (`[*]`,
//! while `*` alone still asks for a random power). And the notices that
//! tell others how to take over a seat give the power's initial, not the
//! first letter of its name (Youngstown's India is `N`).

use crate::judge_support;

use crate::game_support;

use game_support::{judge_with, reply, seat, MASTER};
use judge_support::{subjects, Judge, Says, Sent};

/// Mails `body` from `from` and returns all the mail it made.
fn send(judge: &Judge, from: &str, body: &str) -> Vec<Sent> {
  judge.send(from, "test", body);
  judge.take_mail()
}

/// A Void game for three players, who ask for `+`, `*` and `A` first;
/// the other 33 powers are shared among them.
fn void_game(judge: &Judge) {
  send(judge, MASTER, "CREATE ?vd masterpw Void\nBECOME MASTER\nSET PLAYERS 3\n");
  let mail = send(judge, &seat(1), "SIGN ON ?vd pw1 Void\nSET PREFERENCE +\n");
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("Preference list '+' set."), "{body}");

  // `*` alone still asks for a random power, and says how to name
  // Yorkshire instead; `[*]` names it.
  let mail = send(judge, &seat(2), "SIGN ON ?vd pw2 Void\nSET PREFERENCE *\n");
  let body = &reply(&mail, &seat(2)).body;
  assert!(body.says("write [*] to ask for Yorkshire"), "{body}");
  let mail = send(judge, &seat(2), "SIGN ON ?vd pw2 Void\nSET PREFERENCE [*]\n");
  let body = &reply(&mail, &seat(2)).body;
  assert!(body.says("Preference list '[*]' set."), "{body}");

  let mail = send(judge, &seat(3), "SIGN ON ?vd pw3 Void\nSET PREFERENCE A\n");
  assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{:#?}", subjects(&mail));
  let starting = |to: &str| {
    mail
      .iter()
      .find(|m| m.to == to && m.subject.ends_with("Game Starting"))
      .map(|m| m.body.clone())
      .unwrap_or_default()
  };
  assert!(starting(&seat(1)).contains("W Mediterranean Sea"), "{}", starting(&seat(1)));
  assert!(starting(&seat(2)).contains("Yorkshire"), "{}", starting(&seat(2)));
}

#[test]
fn void_s_plus_and_star_powers_sign_on_and_are_named_in_press_lists() {
  let judge = judge_with(3);
  void_game(&judge);

  // Adriatic (A) writes to W Mediterranean (+) and Yorkshire (*).
  let mail = send(&judge, &seat(3), "SIGN ON Avd pw3\nPRESS TO +*\nHello both.\nENDPRESS\n");
  let body = &reply(&mail, &seat(3)).body;
  assert!(body.says("Message sent to W Mediterranean Sea and Yorkshire:"), "{body}");
  for n in [1, 2] {
    let got: Vec<&Sent> = mail.iter().filter(|m| m.to == seat(n)).collect();
    assert_eq!(got.len(), 1, "{:#?}", subjects(&mail));
    assert!(got[0].subject.ends_with("Press from A to +*"), "{}", got[0].subject);
    assert!(got[0].body.contains("Hello both."), "{}", got[0].body);
  }

  // `++` is `+` the operator and `+` the power; `-*O` all but Yorkshire
  // and the observers.
  let mail = send(&judge, &seat(3), "SIGN ON Avd pw3\nPRESS ++\nJust you.\nENDPRESS\n");
  let to: Vec<&str> =
    mail.iter().filter(|m| !m.subject.starts_with("Re:")).map(|m| m.to.as_str()).collect();
  assert_eq!(to, [seat(1).as_str()], "{:#?}", subjects(&mail));

  // The powers sign on by their initials, `+` and `*` too.
  let mail = send(&judge, &seat(1), "SIGN ON +vd pw1\nPRESS -*O\nNot Yorkshire.\nENDPRESS\n");
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("Message sent to all but Yorkshire and Observer:"), "{body}");
  // Each player holds a dozen powers, so all get it; the subject says
  // whom it was for.
  let to_a = mail.iter().find(|m| m.to == seat(3)).expect("Adriatic gets it");
  assert!(to_a.subject.ends_with("Press from + to all but *O"), "{}", to_a.subject);

  let mail = send(&judge, &seat(2), "SIGN ON *vd pw2\nPRESS TO A\nFrom Yorkshire.\nENDPRESS\n");
  let body = &reply(&mail, &seat(2)).body;
  assert!(body.says("Message sent to Adriatic Sea:"), "{body}");
  let to_a = mail.iter().find(|m| m.to == seat(3)).expect("Adriatic gets it");
  assert!(to_a.subject.ends_with("Press from * to A"), "{}", to_a.subject);

  // A list with a character that is no initial is refused, naming them all.
  let mail = send(&judge, &seat(3), "SIGN ON Avd pw3\nPRESS TO +#\nHi.\nENDPRESS\n");
  let body = &reply(&mail, &seat(3)).body;
  assert!(body.says("'#' in '+#' is not the initial of a power"), "{body}");
  assert!(body.says("0123456789+*"), "{body}");
  assert_eq!(mail.len(), 1, "nothing goes out: {:#?}", subjects(&mail));
}

#[test]
fn a_resignation_tells_others_to_sign_on_with_india_s_initial_n() {
  let judge = judge_with(1);
  send(&judge, MASTER, "CREATE ?yt masterpw Youngstown\nBECOME MASTER\nSET PLAYERS 1\n");
  let mail = send(&judge, &seat(1), "SIGN ON ?yt pw1 Youngstown\n");
  assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{:#?}", subjects(&mail));
  let mail = send(&judge, &seat(1), "SIGN ON Nyt pw1\nRESIGN\n");
  let notice = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.contains("Resignation: India"))
    .unwrap_or_else(|| panic!("the Master hears of it: {:#?}", subjects(&mail)));
  assert!(notice.body.says("SIGN ON Nyt password"), "{}", notice.body);
  assert!(!notice.body.contains("SIGN ON Iyt"), "I is Italy: {}", notice.body);

  // The Master ejects Italy: the notice names I.
  let mail = send(&judge, MASTER, "SIGN ON Myt masterpw\nEJECT Italy\n");
  let notice = mail
    .iter()
    .find(|m| m.subject.contains("Resignation: Italy"))
    .unwrap_or_else(|| panic!("a notice: {:#?}", subjects(&mail)));
  assert!(notice.body.says("SIGN ON Iyt password"), "{}", notice.body);
}
