//! Carrying out the commands of one message: the conversation between one
//! sender and the judge. Reads the parsed body, applies each command to the
//! stores, and produces the reply (each line echoed with what became of it)
//! and any other mail (files, notices). Knows nothing of MIME, transports or
//! the spool: `receive` does that around it.

mod info;
mod register;

use chrono::{DateTime, Utc};

use crate::command::{self, BodyLine, CommandKind, Ending, Invocation, Item};
use crate::config::Config;
use crate::mail::inbound::Inbound;
use crate::mail::outbound::Outgoing;
use crate::mail::subject;
use crate::store::users::Users;
use crate::store::StoreError;

/// At most this many body lines are echoed; the rest are not read.
const MAX_LINES: usize = 500;

/// What the stores and the clock look like to a session.
pub struct Context<'a> {
  pub config: &'a Config,
  pub users: &'a Users,
  pub now: DateTime<Utc>,
}

/// What one message led to.
#[derive(Debug, Default)]
pub struct Outcome {
  /// The reply, then any other mail, in sending order.
  pub mail: Vec<Outgoing>,
  /// The canonical keywords of the commands carried out, for the log.
  pub commands: Vec<String>,
  /// How many lines got an error.
  pub errors: usize,
}

/// The reply being written and the other mail being gathered.
struct Session<'a> {
  ctx: &'a Context<'a>,
  /// Where the reply and files go (header rule, then `REPLY-TO:`).
  reply_to: String,
  /// Mail for the sender other than the reply: (subject, body).
  to_sender: Vec<(String, String)>,
  /// Mail for others.
  others: Vec<Outgoing>,
  body: String,
  commands: Vec<String>,
  errors: usize,
}

/// Carries out a message that is not noise. `reply_to` is the header reply
/// address.
pub fn run(ctx: &Context<'_>, inbound: &Inbound, reply_to: &str) -> Result<Outcome, StoreError> {
  let parsed = command::parse_body(&inbound.body);
  let mut session = Session {
    ctx,
    reply_to: reply_to.to_string(),
    to_sender: Vec::new(),
    others: Vec::new(),
    body: String::new(),
    commands: Vec::new(),
    errors: 0,
  };
  session.header();
  let any_command = parsed.lines.iter().any(|l| matches!(l.item, Item::Command(_)));
  if any_command {
    session.carry_out(&parsed.lines, parsed.ending)?;
  } else {
    session.body.push_str(
      "No command was found in your message, so nothing was done.\n\
       Send a message with the line HELP to learn how to use this judge.\n",
    );
    session.errors += 1;
  }
  Ok(session.finish(inbound))
}

impl Session<'_> {
  fn header(&mut self) {
    let code = &self.ctx.config.judge_code;
    self.body.push_str(&format!(":: Judge: {code}\n\n"));
  }

  fn carry_out(&mut self, lines: &[BodyLine], ending: Ending) -> Result<(), StoreError> {
    for (index, line) in lines.iter().enumerate() {
      if index == MAX_LINES {
        let rest = lines.len() - index;
        self.body.push_str(&format!("({rest} more lines were not read: at most {MAX_LINES} lines are read from one message.)\n"));
        break;
      }
      self.echo(line);
      let stop = match &line.item {
        Item::Command(invocation) => self.command(invocation)?,
        Item::Other(text) => {
          self.not_a_command(text);
          false
        }
      };
      self.body.push('\n');
      if stop {
        let rest = lines.len() - index - 1;
        if rest > 0 {
          self.say(&format!(
            "The rest of your message ({rest} more lines) was not read: HELP ends a\n\
             message unless you have signed on to a game."
          ));
          self.body.push('\n');
        }
        return Ok(());
      }
    }
    if ending == Ending::Signature {
      self.say("(Your signature and anything after the '-- ' line were not read.)");
    }
    Ok(())
  }

  /// Echoes a line (and a block's lines) as `> text`, passwords masked.
  fn echo(&mut self, line: &BodyLine) {
    self.body.push_str(&format!("> {}\n", line.masked()));
    if let Item::Command(invocation) = &line.item {
      for text in &invocation.block {
        self.body.push_str(&format!("> {text}\n"));
      }
      if invocation.kind == CommandKind::Register && invocation.closed {
        self.body.push_str("> END\n");
      }
    }
  }

  fn say(&mut self, text: &str) {
    self.body.push_str(text);
    if !text.ends_with('\n') {
      self.body.push('\n');
    }
  }

  fn error(&mut self, text: &str) {
    self.errors += 1;
    self.say(text);
  }

  /// Carries out one command; returns true when the rest of the message
  /// must not be read.
  fn command(&mut self, invocation: &Invocation) -> Result<bool, StoreError> {
    let keyword = command::keyword::keyword(invocation.kind);
    self.commands.push(keyword.spellings.first().copied().unwrap_or("?").to_string());
    let args = invocation.args.as_str();
    match invocation.kind {
      CommandKind::Help => {
        self.send_file("info");
        self.say(
          "The 'info' file, an introduction to this judge, is on its way in a separate message.",
        );
        return Ok(true);
      }
      CommandKind::Get => self.get(args),
      CommandKind::GetPackage => self.get_package(),
      CommandKind::Version => self.version(),
      CommandKind::Register => self.register(invocation)?,
      CommandKind::Who | CommandKind::WhoIs => self.who(args)?,
      CommandKind::IAmAlso => self.i_am_also(args)?,
      CommandKind::InfoPlayer => self.info_player(args)?,
      CommandKind::GetDedication => self.get_dedication()?,
      CommandKind::GetWhois => self.get_whois()?,
      CommandKind::ReplyTo => self.set_reply_to(args),
      CommandKind::SignOff => self.say("Signed off: nothing after this line was read."),
      _ => {
        let usage = keyword.usage;
        let section = keyword.section;
        self.error(&format!(
          "{usage}: this judge does not offer this command yet (manual section {section}),\n\
           so nothing was done. Send GET index for the commands it knows."
        ));
      }
    }
    Ok(false)
  }

  fn not_a_command(&mut self, text: &str) {
    let shown: String = text.chars().take(60).collect();
    self.error(&format!(
      "'{shown}' is not a command this judge knows. Orders are read only after\n\
       SIGN ON to a game, which this judge does not offer yet. Send GET index for\n\
       the list of commands."
    ));
  }

  fn set_reply_to(&mut self, args: &str) {
    match info::plausible_address(args) {
      Some(address) => {
        self.say(&format!("Replies to this message go to {address}."));
        self.reply_to = address;
      }
      None => self.error(&format!(
        "'{args}' is not an e-mail address, so replies still go to {}.\n\
         Write it as REPLY-TO: name@example.org",
        self.reply_to
      )),
    }
  }

  fn finish(self, inbound: &Inbound) -> Outcome {
    let config = self.ctx.config;
    let code = &config.judge_code;
    let mut mail = vec![Outgoing {
      to: self.reply_to.clone(),
      subject: subject::reply(code, None, false, &inbound.subject),
      body: self.body,
      in_reply_to: inbound.message_id.clone(),
      // The mail edge already ends the thread with this message's id.
      references: inbound.references.clone(),
    }];
    for (subject, body) in self.to_sender {
      mail.push(Outgoing {
        to: self.reply_to.clone(),
        subject,
        body,
        in_reply_to: inbound.message_id.clone(),
        references: Vec::new(),
      });
    }
    mail.extend(self.others);
    Outcome { mail, commands: self.commands, errors: self.errors }
  }
}
