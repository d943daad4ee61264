//! A seat on the web: signing in with power and password (the mail's SIGN
//! ON, brake included), the seat's page, its orders entered as the lines
//! of a message from it, and signing out. The browser holds one sign-in
//! per game, in the cookie `judge-<game>`: a random token, never the
//! password. Every form carries the sign-in's CSRF token.

use super::{no_such_game, pages, Answered, Reply, Request, Site};
use crate::delivery::DeliveryError;
use crate::digest;
use crate::game::viewer::Viewer;
use crate::game::{report, Game, Role, Status};
use crate::receive::{self, WebDone};
use crate::session::WebEntry;
use crate::store::web_sessions::WebSession;

/// The name of the cookie that holds the sign-in to `game`.
fn cookie_name(game: &str) -> String {
  format!("judge-{}", game.to_ascii_lowercase())
}

/// The value of the cookie `name` in a `Cookie` header.
fn cookie_value<'a>(header: Option<&'a str>, name: &str) -> Option<&'a str> {
  header?
    .split(';')
    .filter_map(|pair| pair.trim().split_once('='))
    .find(|(n, _)| *n == name)
    .map(|(_, v)| v.trim())
}

/// A form's fields, decoded.
struct Form(Vec<(String, String)>);

impl Form {
  /// The fields of a posted form; only `application/x-www-form-urlencoded`
  /// is read (a browser's forms here send nothing else).
  fn of(request: &Request<'_>) -> Option<Form> {
    let kind = request.content_type.unwrap_or("application/x-www-form-urlencoded");
    let kind = kind.split(';').next().unwrap_or_default().trim();
    if !kind.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
      return None;
    }
    let fields =
      form_urlencoded::parse(request.body).map(|(k, v)| (k.into_owned(), v.into_owned()));
    Some(Form(fields.collect()))
  }

  fn get(&self, key: &str) -> Option<&str> {
    self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
  }

  /// Every value of a field that comes once per unit (`pick`).
  fn all<'f>(&'f self, key: &'f str) -> impl Iterator<Item = &'f str> + 'f {
    self.0.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
  }
}

fn unreadable_form() -> Reply {
  Reply::problem(
    415,
    "Form not read",
    "The judge reads forms sent as a browser sends them \
     (application/x-www-form-urlencoded); nothing was done.",
  )
}

fn not_signed_in(name: &str) -> Reply {
  Reply::html(403, pages::not_signed_in(name))
}

fn wrong_csrf() -> Reply {
  Reply::problem(
    403,
    "Form refused",
    "This form did not come from this judge's page for your sign-in (its csrf \
     token is missing or stale), so nothing was done. Open your game's page again \
     and send the form from there.",
  )
}

/// Whether two tokens are the same, in a time that does not say how much
/// of them matched.
fn same_token(a: &str, b: &str) -> bool {
  a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Site {
  /// The `Set-Cookie` value that keeps `token` for `game` (an empty token
  /// with no lifetime removes it).
  fn cookie(&self, game: &str, token: &str) -> String {
    let age = if token.is_empty() { 0 } else { self.config.web.session_hours * 3600 };
    let secure = if self.config.web.https() { "; Secure" } else { "" };
    format!("{}={token}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}", cookie_name(game))
  }

  /// The sign-in to game `name` this request carries, with its token.
  /// Who is looking at `game`: a signed-in seat sees what its member
  /// does (in a blind game, its own view), anyone else what a stranger does.
  pub(super) fn viewer(&self, game: &Game, request: &Request<'_>) -> Viewer {
    let member = self.signed_in(&game.name, request).and_then(|(_, s)| s.seat.member(game));
    game.viewer(member)
  }

  fn signed_in(&self, name: &str, request: &Request<'_>) -> Option<(String, WebSession)> {
    let token = cookie_value(request.cookie, &cookie_name(name))?;
    let session = self.sessions.get(token, self.now())?;
    session.seat.game.eq_ignore_ascii_case(name).then(|| (token.to_string(), session))
  }

  pub(super) fn sign_in_page(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    Ok(Reply::html(200, pages::sign_in(&game, None)))
  }

  pub(super) fn sign_in(&self, name: &str, request: &Request<'_>) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some(form) = Form::of(request) else { return Ok(unreadable_form()) };
    let (Some(power), Some(password)) = (form.get("power"), form.get("password")) else {
      let page = pages::sign_in(&game, Some("Give your power (or master) and your password."));
      return Ok(Reply::html(400, page));
    };
    let entry = WebEntry::SignIn { game: &game.name, seat: power, password };
    let done = self.carry_out(&digest::random(), false, entry)?;
    let Some(seat) = done.seat else {
      let reply = crate::view::without_headers(&done.reply);
      return Ok(Reply::html(403, pages::sign_in(&game, Some(&reply))));
    };
    // judge.toml caps the lifetime (`MAX_SESSION_HOURS`), so this adds no overflow.
    let hours = self.config.web.session_hours.min(crate::config::MAX_SESSION_HOURS);
    let expires = self.now() + chrono::TimeDelta::hours(hours as i64);
    let token = self.sessions.start(seat, expires)?;
    Ok(
      Reply::see_other(&format!("/games/{}/me", game.name))
        .with_header("Set-Cookie", self.cookie(&game.name, &token)),
    )
  }

  /// Carries out a web request as a message (see `receive::carry_out_web`).
  fn carry_out(
    &self,
    key: &str,
    receipt: bool,
    entry: WebEntry<'_>,
  ) -> Result<WebDone, DeliveryError> {
    receive::carry_out_web(&self.data, &self.config, key, self.now(), receipt, entry)
  }

  pub(super) fn me(&self, name: &str, request: &Request<'_>) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some((_, session)) = self.signed_in(&game.name, request) else {
      return Ok(not_signed_in(&game.name));
    };
    Ok(self.seat_page(200, &game, &session, None, ""))
  }

  /// The seat's page: its status and deadline, its orders as they stand,
  /// and the form; `reply`: the judge's answer to what was just entered;
  /// `kept`: orders to leave in the box.
  fn seat_page(
    &self,
    status: u16,
    game: &Game,
    session: &WebSession,
    reply: Option<&str>,
    kept: &str,
  ) -> Reply {
    let Some(member) = session.seat.member(game) else {
      return Reply::html(403, pages::sign_in_ended(&game.name))
        .with_header("Set-Cookie", self.cookie(&game.name, ""));
    };
    let record = &game.members[member];
    let header = report::header(&self.config.judge_code, game, self.tz());
    let mut orders = String::new();
    let mut choices = Vec::new();
    if let (Some(power), Status::Active, Role::Player) = (record.power, &game.status, record.role) {
      choices = game.order_choices(power);
      orders.push_str(&report::current_orders(game, power));
      for vassal in game.position.vassals_of(power).filter(|&v| game.must_order(v)) {
        orders.push('\n');
        orders.push_str(&report::current_orders(game, vassal));
      }
      // A game type's own secrets, the seat's alone: the Crystal Ball
      // lists, the Payola treasury and offer sheet.
      if game.is_crystal_ball() {
        orders.push('\n');
        orders.push_str(&crate::game::xtal::listing(game, power));
      }
      if game.is_payola() {
        orders.push('\n');
        orders.push_str(&game.purse_lines(power));
      }
    }
    let deadline = report::time_to_deadline(game, self.now()).unwrap_or_default();
    let due = self.deadline(game);
    let seat = pages::SeatView {
      game: &game.name,
      header: &header,
      who: &seat_words(game, member),
      orders: &orders,
      deadline: &deadline,
      due: due.as_ref(),
      wait: record.wait,
      csrf: &session.csrf,
      phase: &game.position.phase.to_string(),
      form: &digest::random(),
      reply,
      kept,
      choices: &choices,
    };
    Reply::html(status, pages::seat(&seat))
  }

  pub(super) fn orders(&self, name: &str, request: &Request<'_>) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some((token, session)) = self.signed_in(&game.name, request) else {
      return Ok(not_signed_in(&game.name));
    };
    let Some(form) = Form::of(request) else { return Ok(unreadable_form()) };
    if !form.get("csrf").is_some_and(|csrf| same_token(csrf, &session.csrf)) {
      return Ok(wrong_csrf());
    }
    let orders = form.get("orders").unwrap_or_default().replace("\r\n", "\n").replace('\r', "\n");
    let now_phase = game.position.phase.to_string();
    if let Some(phase) = form.get("phase").filter(|p| !p.eq_ignore_ascii_case(&now_phase)) {
      let phase: String = phase.chars().take(12).collect();
      let reply = format!(
        "The game has moved on to {now_phase} since this form was drawn for {phase}; your \
         orders were not entered. They are still in the box below: look at the new phase, \
         then send them again if they still stand."
      );
      return Ok(self.seat_page(409, &game, &session, Some(&reply), &orders));
    }
    let Some(member) = session.seat.member(&game) else {
      return Ok(self.seat_page(403, &game, &session, None, ""));
    };
    // The pull-downs' orders come after the box's, one line each.
    let picks = form.all("pick").map(str::trim).filter(|p| !p.is_empty());
    let mut lines: String = std::iter::once(orders.trim_end())
      .chain(picks)
      .filter(|l| !l.is_empty())
      .collect::<Vec<_>>()
      .join("\n");
    let wait = form.get("wait").is_some();
    if wait != game.members[member].wait {
      lines.push_str(if wait { "\nSET WAIT" } else { "\nSET NOWAIT" });
    }
    if lines.trim().is_empty() {
      let reply = "Nothing was entered: the box was empty and the wait flag unchanged.";
      return Ok(self.seat_page(200, &game, &session, Some(reply), ""));
    }
    // A form sent twice (a reload, a second click) is carried out once.
    let key = match form.get("form") {
      Some(nonce) => digest::short(format!("web:{token}:{nonce}")),
      None => digest::random(),
    };
    let entry = WebEntry::Seated { seat: &session.seat, lines: &lines };
    let done = self.carry_out(&key, self.config.web.receipts, entry)?;
    let game = self.game(name)?.unwrap_or(game);
    let reply = if done.replayed {
      "This form was sent before and carried out then; it was not carried out again.".to_string()
    } else {
      done.reply
    };
    Ok(self.seat_page(200, &game, &session, Some(&reply), ""))
  }

  pub(super) fn sign_out(&self, name: &str, request: &Request<'_>) -> Answered {
    let Some((token, session)) = self.signed_in(name, request) else {
      return Ok(not_signed_in(name));
    };
    let Some(form) = Form::of(request) else { return Ok(unreadable_form()) };
    if !form.get("csrf").is_some_and(|csrf| same_token(csrf, &session.csrf)) {
      return Ok(wrong_csrf());
    }
    self.sessions.end(&token)?;
    Ok(
      Reply::see_other(&format!("/games/{}", session.seat.game))
        .with_header("Set-Cookie", self.cookie(&session.seat.game, "")),
    )
  }
}

impl Site {
  /// The phase adjudicated with the seat's orders as they stand and every
  /// other unit holding: the results (`picture`: the picture), changing
  /// nothing.
  pub(super) fn preview(&self, name: &str, request: &Request<'_>, picture: bool) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some((_, session)) = self.signed_in(&game.name, request) else {
      return Ok(not_signed_in(&game.name));
    };
    let Some(member) = session.seat.member(&game) else {
      return Ok(self.seat_page(403, &game, &session, None, ""));
    };
    let record = &game.members[member];
    let (Some(power), Status::Active, Role::Player) = (record.power, &game.status, record.role)
    else {
      return Ok(Reply::problem(
        404,
        "Nothing to preview",
        "A preview shows a player's orders for the phase under way; this seat has none.",
      ));
    };
    // In a blind game the preview plays on the board the seat sees, and
    // shows what its results would show it.
    let viewer = game.viewer(Some(member));
    let result = game.seen_result(&viewer, &game.preview(power)).result;
    if !picture {
      let text = report::phase_result_text(&game, &result, &viewer);
      return Ok(Reply::html(200, pages::preview(&game.name, &text)));
    }
    let past = crate::game::picture::PastPhase::of_result(&game, &result);
    Ok(match crate::draw::svg(&past.scene(&game)) {
      Ok(svg) => Reply::bytes("image/svg+xml", svg.into_bytes())
        .with_header("Cache-Control", "no-store".into()),
      Err(error) => {
        tracing::error!(%error, game = %game.name, "web preview failed");
        Reply::problem(500, "No picture", "This picture could not be drawn.")
      }
    })
  }
}

/// One row of "my games".
pub struct MyGame {
  pub game: String,
  pub who: String,
  pub phase: String,
  pub deadline: Option<chrono::DateTime<chrono::Utc>>,
  /// The deadline as the judge shows it.
  pub deadline_shown: String,
  /// The seat still owes orders for this phase.
  pub needs_orders: bool,
}

impl Site {
  /// "My games": every seat this browser is signed in to, soonest
  /// deadline first, saying which still need orders.
  pub(super) fn my_games(&self, request: &Request<'_>) -> Answered {
    let cookies =
      request.cookie.unwrap_or_default().split(';').filter_map(|pair| pair.trim().split_once('='));
    let mut rows = Vec::new();
    for (name, token) in cookies {
      let Some(game_name) = name.strip_prefix("judge-") else { continue };
      let Some(session) = self.sessions.get(token.trim(), self.now()) else { continue };
      if !session.seat.game.eq_ignore_ascii_case(game_name) {
        continue;
      }
      let Some(game) = self.game(&session.seat.game)? else { continue };
      let Some(member) = session.seat.member(&game) else { continue };
      let power = game.members[member].power.filter(|_| game.members[member].role == Role::Player);
      let active = game.status == Status::Active;
      let deadline = game.timing.deadline.filter(|_| active);
      rows.push(MyGame {
        game: game.name.clone(),
        who: seat_words(&game, member),
        phase: if active {
          game.position.phase.to_string()
        } else {
          status_word(&game).to_string()
        },
        deadline,
        deadline_shown: deadline
          .map(|d| crate::game::deadline::show(d, self.tz()))
          .unwrap_or_default(),
        needs_orders: active
          && power.is_some_and(|p| game.must_order(p) && !game.orders_complete(p)),
      });
    }
    rows.sort_by(|a, b| match (a.deadline, b.deadline) {
      (Some(x), Some(y)) => x.cmp(&y),
      (Some(_), None) => std::cmp::Ordering::Less,
      (None, Some(_)) => std::cmp::Ordering::Greater,
      (None, None) => a.game.cmp(&b.game),
    });
    Ok(Reply::html(200, pages::my_games(&rows)))
  }
}

/// What a game not under way is, for "my games".
fn status_word(game: &Game) -> &'static str {
  match game.status {
    Status::Forming => "Forming",
    Status::Finished(_) => "Over",
    Status::Active => "Under way",
  }
}

/// "France", "the Master": who a member is, for their page.
fn seat_words(game: &Game, member: usize) -> String {
  let record = &game.members[member];
  match (record.role, record.power) {
    (Role::Master, _) => "the Master".to_string(),
    (Role::Player, Some(power)) => game.power_name(power).to_string(),
    (Role::Player, None) => "a player".to_string(),
    (Role::Observer, _) => "an observer".to_string(),
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_cookie_is_found_by_its_name() {
    let header = Some("a=1; judge-alpha=abc ; judge-beta=def");
    assert_eq!(cookie_value(header, "judge-alpha"), Some("abc"));
    assert_eq!(cookie_value(header, "judge-beta"), Some("def"));
    assert_eq!(cookie_value(header, "judge-gamma"), None);
    assert_eq!(cookie_value(None, "judge-alpha"), None);
  }

  #[test]
  fn tokens_match_only_when_equal() {
    assert!(same_token("abc", "abc"));
    assert!(!same_token("abc", "abd"));
    assert!(!same_token("abc", "abcd"));
    assert!(!same_token("", "a"));
  }
}
