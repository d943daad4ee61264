//! Every command of the index is carried out, and every command the judge
//! does not carry out is answered "not offered yet" and left out of the
//! index (the rows of `judge::command::KEYWORDS` marked not offered): GET
//! index never offers what the judge would refuse.

use crate::game_support;
use crate::judge_support;

use game_support::{Table, FAST, MASTER};
use judge::command::{index_text, KEYWORDS};
use judge_support::{Judge, Says};

#[test]
fn the_index_offers_exactly_the_commands_the_judge_carries_out() {
  let judge = Judge::with_config(FAST);
  let _table = Table::start(&judge, "ix", "2026-03-02T10:00:00Z");
  let index = index_text();
  for keyword in KEYWORDS {
    let spelling = keyword.spellings[0];
    judge.send_at(
      "2026-03-02T11:00:00Z",
      MASTER,
      "try",
      &format!("SIGN ON Mix masterpw\n{spelling}\n"),
    );
    let refused = judge.take_mail().iter().any(|m| m.body.says("does not offer this command yet"));
    assert_eq!(refused, !keyword.kind.offered(), "{spelling}: refused {refused}");
    let listed = index.lines().any(|l| l.trim_start().starts_with(keyword.usage));
    if !keyword.kind.offered() {
      assert!(!listed, "{spelling} is refused, so the index must not offer it");
    }
  }
  assert!(index.contains("SET WAIT"), "offered commands stay in the index");
}
