//! HELP, GET, GET PACKAGE, VERSION and the reply itself (manual §3.2,
//! CONTRACT "Mail, as users see it"), by mail through the real binary.

use crate::judge_support;

use judge_support::Judge;

const ANN: &str = "ann@players.test";

#[test]
fn help_mails_the_info_file_and_ignores_the_rest() {
  let judge = Judge::new();
  judge.send(ANN, "help me", "HELP\nGET flist\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "a reply and the info file: {mail:#?}");
  let reply = &mail[0];
  assert_eq!(reply.to, ANN);
  assert_eq!(reply.subject, "Re: XXXX help me");
  assert!(reply.body.starts_with(":: Judge: XXXX"), "{}", reply.body);
  assert!(reply.body.contains("> HELP"), "{}", reply.body);
  assert!(reply.body.contains("was not read"), "{}", reply.body);
  assert!(!reply.body.contains("> GET flist"), "{}", reply.body);
  assert_eq!(mail[1].to, ANN);
  assert_eq!(mail[1].body.trim(), judge_file("info").trim());
}

#[test]
fn get_sends_each_listed_file_in_any_case() {
  let judge = Judge::new();
  judge.send(ANN, "files", "get FLIST\nSEND ME guide\nsend form\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 4, "{mail:#?}");
  let bodies: Vec<&str> = mail[1..].iter().map(|m| m.body.trim()).collect();
  assert_eq!(
    bodies,
    [judge_file("flist").trim(), judge_file("guide").trim(), judge_file("form").trim()]
  );
  for line in ["> get FLIST", "> SEND ME guide", "> send form"] {
    assert!(mail[0].body.contains(line), "{line} echoed in {}", mail[0].body);
  }
}

#[test]
fn get_refuses_files_that_are_not_listed_and_paths() {
  let judge = Judge::new();
  judge.send(ANN, "", "GET ../judge.toml\nGET /etc/passwd\nGET nosuchfile\nGET\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the reply: {mail:#?}");
  let body = &mail[0].body;
  assert!(body.contains("There is no file called '../judge.toml'"), "{body}");
  assert!(body.contains("There is no file called '/etc/passwd'"), "{body}");
  assert!(body.contains("GET needs the name of a file"), "{body}");
  assert!(!body.contains("judge_address"), "the config must not leak: {body}");
}

#[test]
fn get_package_sends_the_new_user_package() {
  let judge = Judge::new();
  judge.send(ANN, "", "GET PACKAGE\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1 + judge::help::package().len(), "{mail:#?}");
  for (sent, name) in mail[1..].iter().zip(judge::help::package()) {
    assert_eq!(sent.body.trim(), judge_file(name).trim());
  }
}

#[test]
fn the_generated_files_come_from_the_code() {
  let judge = Judge::new();
  judge.send(ANN, "", "GET index\nGET map\n");
  let mail = judge.take_mail();
  assert_eq!(mail[1].body.trim(), judge::command::keyword::index_text().trim());
  assert!(mail[2].body.contains("St Petersburg"), "{}", mail[2].body);
}

#[test]
fn version_names_the_program() {
  let judge = Judge::new();
  judge.send(ANN, "", "VERSION\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains(env!("CARGO_PKG_VERSION")), "{}", reply.body);
}

#[test]
fn commands_of_later_issues_are_answered_plainly() {
  let judge = Judge::new();
  judge.send(ANN, "", "LIST\nSET GATEWAYS\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("does not offer this command yet"), "{}", reply.body);
}

#[test]
fn lines_that_are_not_commands_are_explained() {
  let judge = Judge::new();
  judge.send(ANN, "orders", "VERSION\nA Par - Bur\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("> A Par - Bur"), "{}", reply.body);
  assert!(reply.body.contains("'A Par - Bur' is not a command"), "{}", reply.body);
}

#[test]
fn a_message_without_any_command_gets_a_short_answer() {
  let judge = Judge::new();
  judge.send(ANN, "hi", "Dear judge,\nplease let me play.\nThanks\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("No command was found"), "{}", reply.body);
  assert!(!reply.body.contains("please let me play"), "no echo of non-commands: {}", reply.body);
}

#[test]
fn sign_off_and_signatures_end_the_body() {
  let judge = Judge::new();
  judge.send(ANN, "", "VERSION\nSIGN OFF\nGET info\n");
  judge.send(ANN, "", "VERSION\n-- \nGET info\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "two replies and no file: {mail:#?}");
  assert!(mail[0].body.contains("> SIGN OFF"), "{}", mail[0].body);
  assert!(!mail.iter().any(|m| m.body.contains("GET info")));
}

#[test]
fn replies_thread_and_carry_date_and_message_id() {
  let judge = Judge::new();
  judge.send(ANN, "Re: [Error Flag] XXXX versions", "VERSION\n");
  let reply = judge.reply_to(ANN);
  assert_eq!(reply.subject, "Re: XXXX versions");
  assert_eq!(reply.header("in-reply-to"), Some("<test-1@players.test>"));
  assert!(reply.header("references").is_some_and(|r| r.contains("<test-1@players.test>")));
  assert!(reply.header("message-id").is_some_and(|id| id.ends_with("@localhost>")));
  assert_eq!(reply.header("date"), Some("Mon, 02 Mar 2026 23:30:00 +0000"));
  assert!(reply.header("from").is_some_and(|f| f.contains("judge@localhost")));
}

/// A help file's text as the judge has it.
fn judge_file(name: &str) -> String {
  judge::help::file(name).map(|f| f.into_owned()).unwrap_or_else(|| panic!("no file {name}"))
}

#[test]
fn get_sends_each_variants_info_and_map_and_each_options_info() {
  let judge = Judge::new();
  judge.send(
    ANN,
    "",
    "GET info.chaos\nGET MAP.AncMed\nget info.FvA\nGET INFO.GUNBOAT\nGET info.duplex\n",
  );
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 6, "a reply and five files: {mail:#?}");
  let reply = &mail[0].body;
  for name in ["info.chaos", "map.ancmed", "info.fva", "info.gunboat", "info.duplex"] {
    assert!(reply.contains(&format!("The file '{name}' is on its way")), "{name}: {reply}");
  }
  let chaos = &mail[1].body;
  assert!(chaos.starts_with("Chaos: 34 players"), "{chaos}");
  assert!(mail[1].subject.ends_with("File: info.chaos"), "{}", mail[1].subject);
  let ancmed = &mail[2].body;
  assert!(ancmed.starts_with("MAP: the ancmed map"), "{ancmed}");
  assert!(ancmed.contains("Carthage (C)"), "AncMed's powers: {ancmed}");
  assert!(ancmed.contains("port (its fleet convoys)"), "the Baleares: {ancmed}");
  assert!(mail[3].body.contains("France") && mail[3].body.contains("Austria"), "{}", mail[3].body);
  assert!(mail[4].body.starts_with("Gunboat"), "{}", mail[4].body);
  assert!(mail[5].body.contains("SET PLAYERS"), "{}", mail[5].body);
}

#[test]
fn get_of_an_unknown_variant_says_how_to_find_the_variants() {
  let judge = Judge::new();
  judge.send(ANN, "", "GET info.atlantis\nGET map.gunboat\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the reply: {mail:#?}");
  let body = &mail[0].body;
  assert!(body.contains("There is no file called 'info.atlantis'"), "{body}");
  assert!(body.contains("There is no file called 'map.gunboat'"), "{body}");
  assert!(body.contains("SIGN ON ? password x"), "{body}");
}
