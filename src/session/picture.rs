//! Pictures of the board by mail (manual §3.4 MAP, which njudge dropped
//! and this judge draws itself): MAP of a game now or in a past phase,
//! MAP * of a pasted LIST output, and SET MAP / SET NO MAP for pictures
//! with the results. The pictures go with the reply, the PNG shown in the
//! message and the SVG attached.

use super::Session;
use crate::command::Invocation;
use crate::draw::{DrawError, Scene};
use crate::game::{picture, Role};
use crate::store::StoreError;

/// At most this many pictures go with one reply (each is some 200 KB).
const MAX_PICTURES: usize = 4;

/// What the reply says of the pictures attached.
const ATTACHED: &str =
  "shown in this message (PNG) and attached as an SVG to open in a web browser";

impl Session<'_> {
  /// MAP [game] [phase]: the board of the named (or signed-on) game, now or
  /// in a past phase it still keeps.
  pub(crate) fn map(&mut self, args: &str) -> Result<(), StoreError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    // njudge's N (plain PostScript) means nothing for a picture.
    let words: Vec<&str> = words.into_iter().filter(|w| !w.eq_ignore_ascii_case("n")).collect();
    // After a SIGN ON the words may be a phase of the signed-on game alone.
    let seated_phase = self.seat.as_ref().is_some_and(|s| {
      let map = s.stored.game.map;
      let text = words.join(" ");
      !words.is_empty() && (map.parse_phase(&text).is_ok() || map.parse_phase_words(&text).is_ok())
    });
    let (name, phase) = match words.first() {
      None => (None, String::new()),
      Some(_) if seated_phase => (None, words.join(" ")),
      Some(first) => (Some(first.to_string()), words[1..].join(" ")),
    };
    let Some(stored) = self.named_game("MAP", name.as_deref())? else { return Ok(()) };
    let game = &stored.game;
    if self.attachments.len() / 2 >= MAX_PICTURES {
      self.error(&format!(
        "At most {MAX_PICTURES} pictures go with one reply, so this one was not drawn.\n\
         Send another message for more."
      ));
      return Ok(());
    }
    let asked = (!phase.is_empty()).then_some(phase.as_str());
    let history = match asked {
      Some(_) => self.ctx.games.history(&game.name)?,
      None => Vec::new(),
    };
    let who = game.viewer(self.viewer_in(game));
    let kept = crate::view::kept_boards(&history, &who.key(game.map), game.hides());
    let board = game.seen_position(&who);
    let past = match picture::past(game, &who, asked, &kept) {
      Ok(past) => past,
      Err(error) => {
        self.error(&format!("{error}\nNo picture was sent."));
        return Ok(());
      }
    };
    let (scene, stem, what) = match &past {
      Some(past) => (
        past.scene(game),
        picture::stem(game, past.phase),
        "with its orders and what became of them",
      ),
      None => (
        picture::seen_now(game, &board),
        picture::stem(game, game.position.phase),
        "as it stands now",
      ),
    };
    self.attach_picture(&scene, &stem, what);
    Ok(())
  }

  /// MAP *: the board of the LIST output that follows.
  pub(crate) fn map_star(&mut self, invocation: &Invocation) {
    match picture::from_listing(&invocation.block) {
      Ok(listed) => {
        let scene = Scene {
          map: listed.map,
          title: listed.title.clone(),
          position: &listed.position,
          dislodged: &listed.position.dislodged,
          orders: Vec::new(),
        };
        let stem = format!("{}-{}", listed.game, listed.position.phase);
        self.attach_picture(&scene, &stem, "as the LIST gives it");
      }
      Err(message) => self.error(&format!("{message}\nNo picture was sent.")),
    }
  }

  /// Draws `scene` and adds it to the reply, or says why it cannot be.
  fn attach_picture(&mut self, scene: &Scene<'_>, stem: &str, what: &str) {
    match crate::announce::picture_attachments(scene, stem) {
      Ok(files) => {
        self.say(&crate::game::report::wrap(&format!(
          "The picture of {} {what} is {ATTACHED} ({stem}.png, {stem}.svg).",
          scene.title
        )));
        self.attachments.extend(files);
      }
      Err(error) => self.error(&undrawable(&error)),
    }
  }

  /// SET MAP / SET NO MAP: a picture of the board with each results mail.
  /// A player's (or observer's) own choice; a Master's sets the game's
  /// default, for everyone who has not chosen.
  pub(crate) fn set_map(&mut self, on: bool) {
    let command = if on { "SET MAP" } else { "SET NO MAP" };
    let Some(seat) = self.seat_or_error(command) else { return };
    let game = &mut seat.stored.game;
    let name = game.name.clone();
    let master = game.members[seat.member].role == Role::Master && seat.became.is_none();
    seat.changed = true;
    if master {
      game.settings.pictures = on;
      game.members[seat.member].pictures = None;
      let what = if on {
        "results mail carries a picture of the board, except to those who\nsent SET NO MAP"
      } else {
        "results mail carries no picture of the board, except to those who\nsent SET MAP"
      };
      self.parameter_change(what);
      return;
    }
    game.members[seat.member].pictures = Some(on);
    if on {
      self.say(&format!(
        "Your results mail of game '{name}' will carry a picture of the board:\n\
         the phase's orders and what became of them. SET NO MAP stops it."
      ));
    } else {
      self.say(&format!(
        "Your results mail of game '{name}' will carry no picture of the board.\n\
         MAP still sends one when you ask."
      ));
    }
  }

  /// SUMMARY's chart of centre counts by year, with the reply.
  pub(crate) fn attach_chart(&mut self, game: &crate::game::Game) {
    match crate::announce::chart_attachment(game) {
      // The text stays SUMMARY's own, for the programs that read it.
      Ok(Some(chart)) => self.attachments.push(chart),
      Ok(None) => {}
      Err(error) => tracing::warn!(game = %game.name, %error, "the chart could not be drawn"),
    }
  }
}

/// The reply when a picture cannot be drawn.
fn undrawable(error: &DrawError) -> String {
  format!("The picture could not be drawn: {error}.\nNo picture was sent.")
}
