//! The command line: `judge [--data DIR] [--now TIME] <command>` (see
//! `CONTRACT.md`). A thin layer: it reads arguments and streams, calls the
//! library, and turns outcomes into exit statuses.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use chrono::{DateTime, FixedOffset, Utc};
use clap::{Args, Parser, Subcommand};

use crate::config::Config;
use crate::delivery::DeliveryError;
use crate::store::{permissions, DataDir};
use crate::{draw, interchange, log, picture, receive, sweep};

/// Exit status for malformed input to `judge adjudicate`.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit status when the output could not be written (e.g. a closed pipe).
pub const EXIT_IO: i32 = 1;

/// An e-mail Diplomacy adjudicator in the tradition of njudge.
#[derive(Debug, Parser)]
#[command(name = "judge", version, about)]
pub struct Cli {
  #[command(flatten)]
  pub global: Global,
  #[command(subcommand)]
  pub command: Command,
}

/// Options every command accepts.
#[derive(Debug, Args)]
pub struct Global {
  /// The judge's data directory (config, games, players, spool, outbox, logs).
  #[arg(
    long,
    value_name = "DIR",
    env = "JUDGE_DATA",
    default_value = "./judge-data",
    global = true
  )]
  pub data: PathBuf,
  /// Pretend the clock reads TIME (RFC 3339, e.g. 2026-03-02T23:30:00Z).
  #[arg(long, value_name = "TIME", env = "JUDGE_NOW", value_parser = parse_now, global = true)]
  pub now: Option<DateTime<FixedOffset>>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
  /// Read one mail message on stdin, carry out its commands, send the replies.
  Receive,
  /// The cron job: handle what time demands, resend queued mail, retry the spool.
  Sweep,
  /// Create a data directory with a commented judge.toml and empty state.
  Init,
  /// Adjudicate phases offline: JSON on stdin, one JSON line per phase on stdout.
  Adjudicate,
  /// Draw positions: JSON of `judge adjudicate` on stdin, SVG or PNG out.
  Draw(DrawArgs),
  /// Check judge.toml and the data directory without changing anything.
  Check,
  /// The web face: game pages and pictures over HTTP, behind a reverse proxy.
  Serve {
    /// Where to listen: HOST:PORT, or unix:PATH for a Unix socket
    /// (default: judge.toml's [web] listen, 127.0.0.1:8080).
    #[arg(long, value_name = "ADDR")]
    listen: Option<crate::web::Listen>,
  },
  /// Convert a DPjudge map file (and the files it uses) to TOML on stdout.
  ConvertMap {
    /// The DPjudge `.map` file.
    path: PathBuf,
  },
}

/// `judge draw`'s options (docs/draw-command.md).
#[derive(Debug, Args)]
pub struct DrawArgs {
  /// Write PNG instead of SVG.
  #[arg(long)]
  pub png: bool,
  /// The PNG's size: this many times the picture's own size in pixels.
  #[arg(long, value_name = "FACTOR", default_value_t = DEFAULT_SCALE)]
  pub scale: f32,
  /// Write one file per JSON value into DIR (001-S1901M.svg, ...).
  #[arg(long, value_name = "DIR")]
  pub out: Option<PathBuf>,
  /// The variant of input that names none (default: standard).
  #[arg(long, value_name = "NAME")]
  pub variant: Option<String>,
  /// Draw the chart of supply-centre counts from a SUMMARY (text or JSON).
  #[arg(long)]
  pub chart: bool,
}

/// The PNG scale `judge draw` uses: the one of the pictures the judge
/// mails (about 900 pixels wide for the standard board).
pub const DEFAULT_SCALE: f32 = crate::draw::PNG_SCALE;

/// Exit status when the judge could not finish for a passing reason (the
/// mail system delivers the message again later).
pub const EXIT_TEMPFAIL: i32 = 75;

/// The largest message read from stdin; the rest is read and dropped.
const MAX_READ: usize = 64 * 1024 * 1024;

/// Reads `--now`, rejecting anything that is not an RFC 3339 time.
fn parse_now(text: &str) -> Result<DateTime<FixedOffset>, String> {
  DateTime::parse_from_rfc3339(text.trim())
    .map_err(|e| format!("'{text}' is not an RFC 3339 time such as 2026-03-02T23:30:00Z ({e})"))
}

/// Runs the program and returns its exit status.
pub fn run() -> i32 {
  // The data directory holds passwords (judge.toml, spooled mail) and
  // addresses: whatever the judge creates is for its own user only
  // (files 0600, directories 0700), whatever umask the MTA or cron gave us.
  rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
  let cli = match Cli::try_parse() {
    Ok(cli) => cli,
    Err(error) => {
      // --help and --version land here too, with status 0.
      let _ = error.print();
      return error.exit_code();
    }
  };
  let now = cli.global.now.map(|t| t.with_timezone(&Utc)).unwrap_or_else(Utc::now);
  let data = DataDir::new(&cli.global.data);
  match cli.command {
    Command::Adjudicate => adjudicate(&mut io::stdin().lock(), &mut io::stdout().lock()),
    Command::Draw(args) => draw(&args, &mut io::stdin().lock(), &mut io::stdout().lock()),
    Command::Init => init(&data),
    Command::Check => check(&data, &mut io::stdout().lock()),
    Command::ConvertMap { path } => convert_map(&path, &mut io::stdout().lock()),
    Command::Serve { listen } => {
      serve(&data, cli.global.now.map(|t| t.with_timezone(&Utc)), listen.as_ref())
    }
    Command::Receive => {
      // Read before the data directory is looked at, so that the MTA sees
      // the message taken whatever the exit status says.
      let raw = read_message(&mut io::stdin().lock());
      with_data(&data, "receive", |config| receive::receive(&data, config, &raw, now).map(|_| ()))
    }
    Command::Sweep => with_data(&data, "sweep", |config| {
      let report = sweep::sweep(&data, config, now)?;
      tracing::info!(
        respooled = report.respooled,
        recovered = report.recovered,
        changed = report.changed,
        processed = report.processed,
        damaged = report.damaged,
        outage_games = report.outage_games,
        clock_went_back = report.clock_went_back,
        sent = report.sent,
        forgotten = report.forgotten,
        "sweep done"
      );
      Ok(())
    }),
  }
}

/// `judge serve`: the web face, until the process is stopped.
fn serve(data: &DataDir, now: Option<DateTime<Utc>>, listen: Option<&crate::web::Listen>) -> i32 {
  let logging = start_log_if_there(data);
  if let Err(error) = data.ensure() {
    return fail_with("serve", EXIT_TEMPFAIL, &error.to_string());
  }
  let config = match data.config() {
    Ok(config) => config,
    Err(error) => return fail_with("serve", EXIT_TEMPFAIL, &error.to_string()),
  };
  if !logging {
    log::start(data);
  }
  let listen = match listen {
    Some(listen) => listen.clone(),
    None => match config.web.listen.parse() {
      Ok(listen) => listen,
      Err(error) => return fail_with("serve", 1, &format!("judge.toml [web] listen: {error}")),
    },
  };
  let site = crate::web::Site::new(data, config, now);
  match crate::web::serve(&site, &listen) {
    Ok(()) => 0,
    Err(error) => fail_with("serve", 1, &error.to_string()),
  }
}

/// `judge init`: makes the data directory, takes away what other users
/// could read in an existing one, and says what it did.
fn init(data: &DataDir) -> i32 {
  let logging = start_log_if_there(data);
  let written = match data.ensure() {
    Ok(written) => written,
    Err(error) => return fail_with("init", 1, &error.to_string()),
  };
  if !logging {
    log::start(data);
  }
  match permissions::tighten(data.root()) {
    Ok(0) => {}
    Ok(changed) => {
      tracing::warn!(changed, "init closed the data directory to other users");
      println!(
        "judge init: {changed} files and directories in {} could be read by other users; \
         they are now the judge's own (files 0600, directories 0700).",
        data.root().display()
      );
    }
    Err(error) => {
      tracing::error!(%error, "init could not close the data directory to other users");
      return fail_with("init", 1, &format!("cannot make the data directory private: {error}"));
    }
  }
  let config = data.config_path();
  let what = if written { "wrote" } else { "kept the existing" };
  println!("judge init: {what} {}; the data directory is ready.", config.display());
  0
}

/// `judge check`: one line per finding, then a summary; status 1 when
/// anything must be fixed before mail flows, so a script can stop on it.
pub fn check(data: &DataDir, output: &mut impl Write) -> i32 {
  use crate::check::Level;
  let findings = crate::check::check(data);
  let problems = findings.iter().filter(|f| f.level == Level::Problem).count();
  let warnings = findings.iter().filter(|f| f.level == Level::Warning).count();
  let mut lines: Vec<String> = findings
    .iter()
    .map(|f| {
      let label = match f.level {
        Level::Ok => "ok",
        Level::Warning => "warning",
        Level::Problem => "problem",
      };
      format!("{label}: {}", f.message.replace(['\n', '\r'], " "))
    })
    .collect();
  let verdict =
    if problems == 0 { "the judge is ready" } else { "fix the problems before mail flows" };
  lines.push(format!(
    "judge check: {problems} {}, {warnings} {} in {}; {verdict}.",
    if problems == 1 { "problem" } else { "problems" },
    if warnings == 1 { "warning" } else { "warnings" },
    data.root().display()
  ));
  let written = lines.iter().try_for_each(|line| writeln!(output, "{line}"));
  match written.and_then(|()| output.flush()) {
    Err(error) => fail_with("check", EXIT_IO, &format!("cannot write the findings: {error}")),
    Ok(()) if problems > 0 => 1,
    Ok(()) => 0,
  }
}

/// Runs `job` on a ready data directory with logging to `DIR/log/`; a
/// failure of the machine (not of the user) gives exit 75.
fn with_data(
  data: &DataDir,
  name: &str,
  job: impl FnOnce(&Config) -> Result<(), DeliveryError>,
) -> i32 {
  // Log from the start where the folder is there, so that an upgrade of
  // the directory (store/format.rs), or a refusal, is in the keeper's log.
  let logging = start_log_if_there(data);
  if let Err(error) = data.ensure() {
    tracing::error!(%error, "{name} could not open the data directory; exit 75");
    return fail_with(name, EXIT_TEMPFAIL, &error.to_string());
  }
  let config = match data.config() {
    Ok(config) => config,
    Err(error) => return fail_with(name, EXIT_TEMPFAIL, &error.to_string()),
  };
  if !logging {
    log::start(data);
  }
  match job(&config) {
    Ok(()) => 0,
    Err(error) => {
      tracing::error!(%error, "{name} could not finish; exit 75");
      fail_with(name, EXIT_TEMPFAIL, &error.to_string())
    }
  }
}

/// Starts logging to `DIR/log/` if that folder exists already (an
/// existing directory); returns whether it did.
fn start_log_if_there(data: &DataDir) -> bool {
  data.path("log").is_dir() && {
    log::start(data);
    true
  }
}

/// Reads the whole message from stdin, keeping at most `MAX_READ` bytes (the
/// rest is drained so the MTA sees it taken). A read error keeps what came.
fn read_message(input: &mut impl Read) -> Vec<u8> {
  let mut raw = Vec::new();
  let _ = input.by_ref().take(MAX_READ as u64).read_to_end(&mut raw);
  let _ = io::copy(input, &mut io::sink());
  raw
}

/// `judge adjudicate`: every phase on `input` gives one line on `output`;
/// a malformed input gives one line on stderr and status 2, and no output.
pub fn adjudicate(input: &mut impl Read, output: &mut impl Write) -> i32 {
  // The input is read a window at a time; the answer is kept until the
  // whole input has proved good, then written at once.
  let mut answer = Held::default();
  if let Err(error) = interchange::run_stream(input, &mut answer) {
    return fail(EXIT_BAD_INPUT, &error.to_string());
  }
  let written = answer.pieces.iter().try_for_each(|piece| output.write_all(piece));
  match written.and_then(|()| output.flush()) {
    Ok(()) => 0,
    Err(error) => fail(EXIT_IO, &format!("cannot write the result: {error}")),
  }
}

/// Output held until the input has proved good, in pieces that never move:
/// one growing buffer would copy all of it into new memory at each doubling,
/// and for a long stream the kernel's zeroing of that memory cost more than
/// the copies.
#[derive(Default)]
struct Held {
  pieces: Vec<Vec<u8>>,
}

/// How large a piece of [`Held`] output is, unless one write is larger.
const HELD_PIECE: usize = 1 << 20;

impl Write for Held {
  fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
    match self.pieces.last_mut() {
      Some(piece) if piece.capacity() - piece.len() >= bytes.len() => {
        piece.extend_from_slice(bytes)
      }
      _ => {
        let mut piece = Vec::with_capacity(HELD_PIECE.max(bytes.len()));
        piece.extend_from_slice(bytes);
        self.pieces.push(piece);
      }
    }
    Ok(bytes.len())
  }

  fn flush(&mut self) -> io::Result<()> {
    Ok(())
  }
}

/// `judge draw`: one picture on `output`, or with `--out` one file per
/// input value; bad input gives one line on stderr and status 2, and no
/// output.
pub fn draw(args: &DrawArgs, input: &mut impl Read, output: &mut impl Write) -> i32 {
  let bad = |message: &str| fail_with("draw", EXIT_BAD_INPUT, message);
  let mut bytes = Vec::new();
  if let Err(error) = input.read_to_end(&mut bytes) {
    return bad(&format!("cannot read the input: {error}"));
  }
  let Ok(text) = String::from_utf8(bytes) else {
    return bad("the input is not UTF-8 text");
  };
  if !(args.scale.is_finite() && args.scale > 0.0 && args.scale <= 16.0) {
    return bad(&format!("--scale {} is not between 0 and 16", args.scale));
  }
  let extension = if args.png { "png" } else { "svg" };
  let render = |svg: String| -> Result<Vec<u8>, String> {
    if args.png {
      draw::png(&svg, args.scale).map_err(|e| e.to_string())
    } else {
      Ok(svg.into_bytes())
    }
  };
  let files: Vec<(String, Vec<u8>)> = if args.chart {
    let chart = match picture::chart(&text, args.variant.as_deref()) {
      Ok(chart) => chart,
      Err(error) => return bad(&error.to_string()),
    };
    match render(draw::chart_svg(&chart)) {
      Ok(bytes) => vec![(format!("chart.{extension}"), bytes)],
      Err(error) => return bad(&error),
    }
  } else {
    let pictures = match picture::pictures(&text, args.variant.as_deref()) {
      Ok(pictures) => pictures,
      Err(error) => return bad(&error.to_string()),
    };
    if pictures.len() > 1 && args.out.is_none() {
      return bad(&format!(
        "the input holds {} positions; give --out DIR to write one file for each",
        pictures.len()
      ));
    }
    let mut files = Vec::with_capacity(pictures.len());
    for (i, picture) in pictures.iter().enumerate() {
      let drawn = picture.svg().map_err(|e| e.to_string()).and_then(render);
      match drawn {
        Ok(bytes) => files.push((file_name(i + 1, &picture.phase, extension), bytes)),
        Err(error) => return bad(&format!("value {} ({}): {error}", i + 1, picture.phase)),
      }
    }
    files
  };
  let written = match &args.out {
    None => files.iter().try_for_each(|(_, bytes)| output.write_all(bytes)),
    Some(dir) => std::fs::create_dir_all(dir).and_then(|()| {
      files.iter().try_for_each(|(name, bytes)| std::fs::write(dir.join(name), bytes))
    }),
  };
  match written.and_then(|()| output.flush()) {
    Ok(()) => 0,
    Err(error) => fail_with("draw", EXIT_IO, &format!("cannot write the picture: {error}")),
  }
}

/// `001-S1901M.svg`: the value's place in the input, then its phase,
/// kept to characters safe in any file name.
fn file_name(index: usize, phase: &str, extension: &str) -> String {
  let phase: String = phase.chars().filter(char::is_ascii_alphanumeric).take(16).collect();
  format!("{index:03}-{phase}.{extension}")
}

/// `judge convert-map PATH`: the TOML on `output`, or one line on stderr
/// naming the file and line that could not be converted.
fn convert_map(path: &std::path::Path, output: &mut impl Write) -> i32 {
  match crate::convert::convert_file(path) {
    Ok(text) => match output.write_all(text.as_bytes()).and_then(|()| output.flush()) {
      Ok(()) => 0,
      Err(error) => fail_with("convert-map", EXIT_IO, &format!("cannot write the map: {error}")),
    },
    Err(error) => {
      let _ =
        writeln!(io::stderr().lock(), "judge: {}", error.to_string().replace(['\n', '\r'], " "));
      EXIT_BAD_INPUT
    }
  }
}

/// Says what went wrong on one line of stderr and gives the exit status.
fn fail(status: i32, message: &str) -> i32 {
  fail_with("adjudicate", status, message)
}

fn fail_with(command: &str, status: i32, message: &str) -> i32 {
  let one_line = message.replace(['\n', '\r'], " ");
  let _ = writeln!(io::stderr().lock(), "judge {command}: {one_line}");
  status
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn now_must_be_rfc3339() {
    assert!(parse_now("2026-03-02T23:30:00Z").is_ok());
    assert!(parse_now("2026-03-02T23:30:00+01:00").is_ok());
    assert!(parse_now("yesterday").is_err());
    assert!(parse_now("2026-03-02").is_err());
  }

  #[test]
  fn arguments_parse_in_any_position() {
    let cli = Cli::try_parse_from(["judge", "adjudicate", "--now", "2026-03-02T23:30:00Z"]);
    assert!(cli.is_ok_and(|c| c.global.now.is_some()));
    let cli = Cli::try_parse_from(["judge", "--data", "/tmp/x", "adjudicate"]);
    assert!(cli.is_ok_and(|c| c.global.data == std::path::Path::new("/tmp/x")));
    assert!(Cli::try_parse_from(["judge", "--now", "soon", "adjudicate"]).is_err());
    assert!(Cli::try_parse_from(["judge"]).is_err());
  }

  #[test]
  fn picture_files_are_named_by_place_and_phase_safely() {
    assert_eq!(file_name(1, "S1901M", "svg"), "001-S1901M.svg");
    assert_eq!(file_name(12, "../F1901B", "png"), "012-F1901B.png");
  }

  #[test]
  fn draw_refuses_a_scale_out_of_range() {
    let args = DrawArgs { png: true, scale: 0.0, out: None, variant: None, chart: false };
    let mut output = Vec::new();
    let input = r#"{"phase": "S1901M"}"#;
    assert_eq!(draw(&args, &mut input.as_bytes(), &mut output), EXIT_BAD_INPUT);
    assert!(output.is_empty());
    let args = DrawArgs { scale: 0.25, ..args };
    assert_eq!(draw(&args, &mut input.as_bytes(), &mut output), 0);
    assert!(output.starts_with(b"\x89PNG"));
  }

  #[test]
  fn bad_input_gives_status_two_and_no_output() {
    let mut output = Vec::new();
    assert_eq!(adjudicate(&mut "{".as_bytes(), &mut output), EXIT_BAD_INPUT);
    assert!(output.is_empty());
    assert_eq!(adjudicate(&mut &[0xff, 0xfe][..], &mut output), EXIT_BAD_INPUT);
  }
}
