//! Special borders of variant maps, played as the DPjudge plays them
//! (`Game.py`), on the real maps that have them, through `judge
//! adjudicate`'s JSON face:
//!
//! - 1900's Cape route (Mid-Atlantic–Egypt and –Hejaz) is a half-strength
//!   border: a move across it is worth half a unit (its supports count in
//!   full), cuts no support, and nobody supports across it; a retreat
//!   across it loses to an ordinary one.
//! - Loeb9's straits (Cordoba–North Africa, Naples–Sicily) are worth
//!   nothing: a move across one has only its supports' strength, yet takes
//!   an empty province nobody else wants (the DPjudge gives a place to the
//!   strongest unit bidding for it, however weak); it cuts support only
//!   when supported; nobody supports across it; its retreats lose to all.
//! - Imperial's Aegean–Black Sea border is open only to the owner of
//!   Constantinople; for anyone else the two seas are not neighbours.
//! - Ports (1900's Gibraltar, AncMed's Baleares) are coasts whose fleets
//!   convoy as fleets at sea do.

use crate::json_support;

use json_support::{result, run};
use serde_json::{json, Value};

/// One phase: `units` and `orders` are `(power, [texts])` lists.
struct Phase<'a> {
  variant: &'a str,
  phase: &'a str,
  units: &'a [(&'a str, &'a [&'a str])],
  orders: &'a [(&'a str, &'a [&'a str])],
  centers: Option<Value>,
  dislodged: Option<Value>,
}

impl<'a> Phase<'a> {
  fn movement(
    variant: &'a str,
    units: &'a [(&'a str, &'a [&'a str])],
    orders: &'a [(&'a str, &'a [&'a str])],
  ) -> Phase<'a> {
    Phase { variant, phase: "S1901M", units, orders, centers: None, dislodged: None }
  }

  fn run(&self) -> Value {
    let lists = |list: &[(&str, &[&str])]| {
      let mut object = serde_json::Map::new();
      for (power, texts) in list {
        object.insert((*power).to_string(), json!(texts));
      }
      Value::Object(object)
    };
    let mut request = json!({
      "variant": self.variant,
      "phase": self.phase,
      "units": lists(self.units),
      "orders": lists(self.orders),
      "rules": [],
    });
    if let Some(centers) = &self.centers {
      request["centers"] = centers.clone();
    }
    if let Some(dislodged) = &self.dislodged {
      request["dislodged"] = dislodged.clone();
    }
    run(request)
  }
}

/// The units of `power` after the phase.
fn units_of(response: &Value, power: &str) -> Vec<String> {
  response["units"][power]
    .as_array()
    .map(|list| list.iter().filter_map(|u| u.as_str().map(str::to_string)).collect())
    .unwrap_or_default()
}

/// The retreat options the judge gives the dislodged `unit` of `power`.
fn retreats_of(response: &Value, power: &str, unit: &str) -> Vec<String> {
  response["dislodged"][power]
    .as_array()
    .and_then(|list| list.iter().find(|d| d["unit"] == unit))
    .and_then(|d| d["retreats"].as_array())
    .unwrap_or_else(|| panic!("{unit} is not dislodged in {response}"))
    .iter()
    .filter_map(|r| r.as_str().map(str::to_string))
    .collect()
}

/// A table row: units and orders of two powers, and each order's expected
/// result.
struct Case {
  what: &'static str,
  first: (&'static str, &'static [&'static str], &'static [&'static str]),
  second: (&'static str, &'static [&'static str], &'static [&'static str]),
  expect: &'static [(&'static str, &'static str)],
}

fn check(variant: &str, cases: &[Case]) {
  for case in cases {
    let units = [(case.first.0, case.first.1), (case.second.0, case.second.1)];
    let orders = [(case.first.0, case.first.2), (case.second.0, case.second.2)];
    let response = Phase::movement(variant, &units, &orders).run();
    for (order, expected) in case.expect {
      assert_eq!(result(&response, order), *expected, "{}: {order}\n{response}", case.what);
    }
  }
}

// ------------------------------------------------- 1900: the Cape route

#[test]
fn half_strength_moves_on_the_1900_cape_route() {
  check(
    "1900",
    &[
      Case {
        what: "half a unit does not beat a unit holding",
        first: ("Britain", &["F Mao"], &["F Mao - Egy"]),
        second: ("Turkey", &["A Egy"], &["A Egy H"]),
        expect: &[("F Mao - Egy", "bounce"), ("A Egy H", "ok")],
      },
      Case {
        what: "half a unit takes an empty province nobody else wants",
        first: ("Britain", &["F Mao"], &["F Mao - Hej"]),
        second: ("Turkey", &["A Ara"], &["A Ara H"]),
        expect: &[("F Mao - Hej", "ok")],
      },
      Case {
        what: "half a unit loses an empty province to a whole one",
        first: ("Britain", &["F Mao"], &["F Mao - Egy"]),
        second: ("Turkey", &["A Pal"], &["A Pal - Egy"]),
        expect: &[("F Mao - Egy", "bounce"), ("A Pal - Egy", "ok")],
      },
      Case {
        // 1/2 + 1 = 3/2 against 1.
        what: "half a unit with one support beats an unsupported hold",
        first: ("Britain", &["F Mao", "F Eas"], &["F Mao - Egy", "F Eas S F Mao - Egy"]),
        second: ("Turkey", &["A Egy"], &["A Egy H"]),
        expect: &[("F Mao - Egy", "ok"), ("F Eas S F Mao - Egy", "ok"), ("A Egy H", "dislodged")],
      },
      Case {
        // 3/2 against 2.
        what: "half a unit with one support does not beat a supported hold",
        first: ("Britain", &["F Mao", "F Eas"], &["F Mao - Egy", "F Eas S F Mao - Egy"]),
        second: ("Turkey", &["A Egy", "A Cyr"], &["A Egy H", "A Cyr S A Egy"]),
        expect: &[("F Mao - Egy", "bounce"), ("A Egy H", "ok"), ("A Cyr S A Egy", "ok")],
      },
      Case {
        what: "head to head across the Cape route, both halves: both bounce",
        first: ("Britain", &["F Mao"], &["F Mao - Egy"]),
        second: ("Turkey", &["F Egy"], &["F Egy - Mao"]),
        expect: &[("F Mao - Egy", "bounce"), ("F Egy - Mao", "bounce")],
      },
      Case {
        // The army crosses from its last fleet, in Mao, into Egypt (DPjudge
        // `strengths` takes the origin of a convoyed move from its route).
        what: "an army convoyed round the Cape has half its strength",
        first: ("Britain", &["A Bre", "F Mao"], &["A Bre - Mao - Egy", "F Mao C A Bre - Egy"]),
        second: ("Turkey", &["A Egy"], &["A Egy H"]),
        expect: &[("A Bre - Mao - Egy", "bounce"), ("F Mao C A Bre - Egy", "ok")],
      },
      Case {
        what: "an army convoyed round the Cape with one support dislodges",
        first: (
          "Britain",
          &["A Bre", "F Mao", "A Cyr"],
          &["A Bre - Mao - Egy", "F Mao C A Bre - Egy", "A Cyr S A Bre - Egy"],
        ),
        second: ("Turkey", &["A Egy"], &["A Egy H"]),
        expect: &[("A Bre - Mao - Egy", "ok"), ("A Egy H", "dislodged")],
      },
    ],
  );
}

#[test]
fn a_half_strength_move_cuts_no_support() {
  // Turkey's Hejaz holds with Egypt's support against a supported attack.
  let turkey: &[&str] = &["A Hej", "A Egy"];
  let turkey_orders: &[&str] = &["A Hej H", "A Egy S A Hej"];
  // Across the Cape route the fleet does not cut Egypt's support: Hejaz
  // holds, two against two.
  check(
    "1900",
    &[Case {
      what: "the Cape route cuts nothing",
      first: (
        "Britain",
        &["A Ara", "A Pal", "F Mao"],
        &["A Ara - Hej", "A Pal S A Ara - Hej", "F Mao - Egy"],
      ),
      second: ("Turkey", turkey, turkey_orders),
      expect: &[
        ("A Egy S A Hej", "ok"),
        ("A Ara - Hej", "bounce"),
        ("A Hej H", "ok"),
        ("F Mao - Egy", "bounce"),
      ],
    }],
  );
  // The same attack on Egypt from the Eastern Mediterranean cuts it.
  check(
    "1900",
    &[Case {
      what: "an ordinary border cuts",
      first: (
        "Britain",
        &["A Ara", "A Pal", "F Eas"],
        &["A Ara - Hej", "A Pal S A Ara - Hej", "F Eas - Egy"],
      ),
      second: ("Turkey", turkey, turkey_orders),
      expect: &[("A Egy S A Hej", "cut"), ("A Ara - Hej", "ok"), ("A Hej H", "dislodged")],
    }],
  );
  // It still cuts by dislodging: with two supports the fleet takes Egypt.
  check(
    "1900",
    &[Case {
      what: "dislodging cuts",
      first: (
        "Britain",
        &["A Ara", "A Pal", "F Mao", "F Eas", "A Cyr"],
        &[
          "A Ara - Hej",
          "A Pal S A Ara - Hej",
          "F Mao - Egy",
          "F Eas S F Mao - Egy",
          "A Cyr S F Mao - Egy",
        ],
      ),
      second: ("Turkey", turkey, turkey_orders),
      expect: &[
        ("F Mao - Egy", "ok"),
        ("A Egy S A Hej", "cut, dislodged"),
        ("A Ara - Hej", "ok"),
        ("A Hej H", "dislodged"),
      ],
    }],
  );
}

#[test]
fn nobody_supports_across_the_cape_route() {
  check(
    "1900",
    &[
      Case {
        what: "support of a move across the border is refused",
        first: ("Britain", &["F Mao", "A Pal"], &["F Mao S A Pal - Egy", "A Pal - Egy"]),
        second: ("Turkey", &["A Egy"], &["A Egy H"]),
        expect: &[("F Mao S A Pal - Egy", "invalid"), ("A Pal - Egy", "bounce")],
      },
      Case {
        what: "support to hold across the border is refused",
        first: ("Britain", &["F Mao", "F Egy"], &["F Mao S F Egy", "F Egy H"]),
        second: ("Turkey", &["A Pal", "A Cyr"], &["A Pal - Egy", "A Cyr S A Pal - Egy"]),
        expect: &[("F Mao S F Egy", "invalid"), ("F Egy H", "dislodged")],
      },
      Case {
        what: "support from Egypt into the Mid-Atlantic is refused",
        first: ("Britain", &["F Egy", "F Eng"], &["F Egy S F Eng - Mao", "F Eng - Mao"]),
        second: ("France", &["F Bre"], &["F Bre H"]),
        expect: &[("F Egy S F Eng - Mao", "invalid"), ("F Eng - Mao", "ok")],
      },
    ],
  );
}

#[test]
fn a_retreat_round_the_cape_loses_to_an_ordinary_one() {
  let dislodged = json!({
    "Britain": [{ "unit": "F Mao", "attacker_from": "Bre", "retreats": ["Egy", "Gas"] }],
    "Turkey": [{ "unit": "A Pal", "attacker_from": "Dam", "retreats": ["Egy", "Hej"] }],
  });
  let response = Phase {
    variant: "1900",
    phase: "S1901R",
    units: &[("France", &["F Mao"]), ("Russia", &["A Pal"])],
    orders: &[("Britain", &["F Mao - Egy"]), ("Turkey", &["A Pal - Egy"])],
    centers: None,
    dislodged: Some(dislodged),
  }
  .run();
  assert_eq!(result(&response, "A Pal - Egy"), "ok", "{response}");
  assert_eq!(result(&response, "F Mao - Egy"), "bounce", "{response}");
  assert_eq!(units_of(&response, "Turkey"), ["A Egy"]);
  assert!(units_of(&response, "Britain").is_empty(), "{response}");
}

// ---------------------------------------------------- Loeb9: the straits

#[test]
fn strait_moves_in_loeb9() {
  check(
    "loeb9",
    &[
      Case {
        // Strength 0, but nobody else bids for North Africa: the DPjudge's
        // `bounce` only stops a unit that is not alone at the top.
        what: "an unsupported strait crossing takes an empty province",
        first: ("Spain", &["A Cor"], &["A Cor - Naf"]),
        second: ("Italy", &["A Rom"], &["A Rom H"]),
        expect: &[("A Cor - Naf", "ok")],
      },
      Case {
        what: "an unsupported strait crossing does not beat a unit holding",
        first: ("Spain", &["A Cor"], &["A Cor - Naf"]),
        second: ("Italy", &["A Naf"], &["A Naf H"]),
        expect: &[("A Cor - Naf", "bounce"), ("A Naf H", "ok")],
      },
      Case {
        what: "a strait crossing loses an empty province to any other move",
        first: ("Spain", &["A Cor"], &["A Cor - Naf"]),
        second: ("Italy", &["A Tun"], &["A Tun - Naf"]),
        expect: &[("A Cor - Naf", "bounce"), ("A Tun - Naf", "ok")],
      },
      Case {
        // 0 + 1 against 1: a stand-off.
        what: "one support only ties an unsupported hold",
        first: ("Spain", &["A Cor", "F Wes"], &["A Cor - Naf", "F Wes S A Cor - Naf"]),
        second: ("Italy", &["A Naf"], &["A Naf H"]),
        expect: &[("A Cor - Naf", "bounce"), ("A Naf H", "ok")],
      },
      Case {
        what: "one support only ties an ordinary move into an empty province",
        first: ("Spain", &["A Cor", "F Wes"], &["A Cor - Naf", "F Wes S A Cor - Naf"]),
        second: ("Italy", &["A Tun"], &["A Tun - Naf"]),
        expect: &[("A Cor - Naf", "bounce"), ("A Tun - Naf", "bounce")],
      },
      Case {
        // 0 + 2 against 1.
        what: "two supports dislodge an unsupported hold",
        first: (
          "Spain",
          &["A Cor", "F Wes", "F Mao"],
          &["A Cor - Naf", "F Wes S A Cor - Naf", "F Mao S A Cor - Naf"],
        ),
        second: ("Italy", &["A Naf"], &["A Naf H"]),
        expect: &[("A Cor - Naf", "ok"), ("A Naf H", "dislodged")],
      },
      Case {
        what: "the Naples–Sicily strait, both ways",
        first: ("Italy", &["A Nap"], &["A Nap - Sic"]),
        second: ("Austria", &["A Sic"], &["A Sic - Nap"]),
        expect: &[("A Nap - Sic", "bounce"), ("A Sic - Nap", "bounce")],
      },
    ],
  );
}

#[test]
fn a_strait_crossing_cuts_support_only_when_supported() {
  // Italy's Tunis holds with North Africa's support against a supported
  // attack from the Ionian Sea.
  let italy: &[&str] = &["A Tun", "A Naf"];
  let italy_orders: &[&str] = &["A Tun H", "A Naf S A Tun"];
  check(
    "loeb9",
    &[
      Case {
        what: "unsupported: no cut, Tunis holds",
        first: (
          "Spain",
          &["F Ion", "F Tys", "A Cor"],
          &["F Ion - Tun", "F Tys S F Ion - Tun", "A Cor - Naf"],
        ),
        second: ("Italy", italy, italy_orders),
        expect: &[
          ("A Naf S A Tun", "ok"),
          ("F Ion - Tun", "bounce"),
          ("A Tun H", "ok"),
          ("A Cor - Naf", "bounce"),
        ],
      },
      Case {
        what: "supported: the support is cut, Tunis falls",
        first: (
          "Spain",
          &["F Ion", "F Tys", "A Cor", "F Wes"],
          &["F Ion - Tun", "F Tys S F Ion - Tun", "A Cor - Naf", "F Wes S A Cor - Naf"],
        ),
        second: ("Italy", italy, italy_orders),
        expect: &[
          ("A Naf S A Tun", "cut"),
          ("F Ion - Tun", "ok"),
          ("A Tun H", "dislodged"),
          ("A Cor - Naf", "bounce"),
        ],
      },
    ],
  );
}

#[test]
fn nobody_supports_across_a_strait() {
  check(
    "loeb9",
    &[
      Case {
        what: "support of a move across the strait is refused",
        first: ("Spain", &["A Cor", "A Tun"], &["A Cor S A Tun - Naf", "A Tun - Naf"]),
        second: ("Italy", &["A Naf"], &["A Naf H"]),
        expect: &[("A Cor S A Tun - Naf", "invalid"), ("A Tun - Naf", "bounce")],
      },
      Case {
        what: "support to hold across the strait is refused",
        first: ("Italy", &["A Nap", "A Sic"], &["A Nap S A Sic", "A Sic H"]),
        second: ("Austria", &["F Ion", "F Tys"], &["F Ion - Sic", "F Tys S F Ion - Sic"]),
        expect: &[("A Nap S A Sic", "invalid"), ("A Sic H", "dislodged")],
      },
    ],
  );
}

#[test]
fn a_retreat_across_a_strait_loses_to_all() {
  let dislodged = json!({
    "Spain": [{ "unit": "A Cor", "attacker_from": "Mad", "retreats": ["Naf", "Lis"] }],
    "Italy": [{ "unit": "A Tun", "attacker_from": "Ion", "retreats": ["Naf"] }],
  });
  let response = Phase {
    variant: "loeb9",
    phase: "S1901R",
    units: &[("France", &["A Cor", "F Tun"])],
    orders: &[("Spain", &["A Cor - Naf"]), ("Italy", &["A Tun - Naf"])],
    centers: None,
    dislodged: Some(dislodged),
  }
  .run();
  assert_eq!(result(&response, "A Tun - Naf"), "ok", "{response}");
  assert_eq!(result(&response, "A Cor - Naf"), "bounce", "{response}");
  assert_eq!(units_of(&response, "Italy"), ["A Naf"]);
}

// ---------------------------------- Imperial: the Aegean–Black Sea border

#[test]
fn only_the_owner_of_constantinople_crosses_from_the_aegean_to_the_black_sea() {
  // Turkey owns Constantinople (a home centre) at the start.
  check(
    "imperial",
    &[
      Case {
        what: "the owner crosses",
        first: ("Turkey", &["F Aeg"], &["F Aeg - Bla"]),
        second: ("Russia", &["F Sev"], &["F Sev H"]),
        expect: &[("F Aeg - Bla", "ok")],
      },
      Case {
        what: "anyone else may not, either way",
        first: ("Turkey", &["F Con"], &["F Con H"]),
        second: ("Russia", &["F Bla", "F Gre"], &["F Bla - Aeg", "F Gre H"]),
        expect: &[("F Bla - Aeg", "invalid")],
      },
      Case {
        what: "nor support across it, nor have a move across it supported",
        first: ("Turkey", &["F Con"], &["F Con S F Bla - Aeg"]),
        second: ("Russia", &["F Bla", "F Gre"], &["F Bla S F Gre - Aeg", "F Gre - Aeg"]),
        expect: &[
          ("F Con S F Bla - Aeg", "invalid"),
          ("F Bla S F Gre - Aeg", "invalid"),
          ("F Gre - Aeg", "ok"),
        ],
      },
      Case {
        what: "the owner supports across it",
        first: ("Turkey", &["F Aeg", "F Con"], &["F Aeg S F Con - Bla", "F Con - Bla"]),
        second: ("Russia", &["F Bla"], &["F Bla H"]),
        expect: &[("F Aeg S F Con - Bla", "ok"), ("F Con - Bla", "ok"), ("F Bla H", "dislodged")],
      },
    ],
  );
}

#[test]
fn the_border_follows_constantinople_when_it_changes_hands() {
  let centers = json!({ "Russia": ["Con", "Sev"], "Turkey": ["Ang"] });
  let response = Phase {
    variant: "imperial",
    phase: "S1901M",
    units: &[("Russia", &["F Bla"]), ("Turkey", &["F Gre"])],
    orders: &[("Russia", &["F Bla - Aeg"]), ("Turkey", &["F Gre H"])],
    centers: Some(centers.clone()),
    dislodged: None,
  }
  .run();
  assert_eq!(result(&response, "F Bla - Aeg"), "ok", "{response}");
  let response = Phase {
    variant: "imperial",
    phase: "S1901M",
    units: &[("Russia", &["F Sev"]), ("Turkey", &["F Aeg"])],
    orders: &[("Russia", &["F Sev H"]), ("Turkey", &["F Aeg - Bla"])],
    centers: Some(centers),
    dislodged: None,
  }
  .run();
  assert_eq!(result(&response, "F Aeg - Bla"), "invalid", "{response}");
}

#[test]
fn no_retreat_across_a_closed_owner_only_border() {
  // Russia's fleet in the Black Sea is dislodged from Constantinople; the
  // Aegean is no way out for it, as it is for Turkey's.
  let response = Phase::movement(
    "imperial",
    &[("Turkey", &["F Con", "F Rum"]), ("Russia", &["F Bla"])],
    &[("Turkey", &["F Con - Bla", "F Rum S F Con - Bla"]), ("Russia", &["F Bla H"])],
  )
  .run();
  assert_eq!(result(&response, "F Bla H"), "dislodged", "{response}");
  let options = retreats_of(&response, "Russia", "F Bla");
  assert!(!options.contains(&"Aeg".to_string()), "{options:?}");
  assert!(options.contains(&"Sev".to_string()), "{options:?}");
  // A Turkish fleet dislodged there may retreat to the Aegean.
  let response = Phase::movement(
    "imperial",
    &[("Russia", &["F Sev", "F Rum"]), ("Turkey", &["F Bla"])],
    &[("Russia", &["F Sev - Bla", "F Rum S F Sev - Bla"]), ("Turkey", &["F Bla H"])],
  )
  .run();
  let options = retreats_of(&response, "Turkey", "F Bla");
  assert!(options.contains(&"Aeg".to_string()), "{options:?}");
  // And a retreat order to it, given options from outside, is refused.
  let dislodged = json!({
    "Russia": [{ "unit": "F Bla", "attacker_from": "Con", "retreats": ["Aeg", "Sev"] }],
  });
  let response = Phase {
    variant: "imperial",
    phase: "S1901R",
    units: &[("Turkey", &["F Bla"])],
    orders: &[("Russia", &["F Bla - Aeg"])],
    centers: None,
    dislodged: Some(dislodged),
  }
  .run();
  assert_eq!(result(&response, "F Bla - Aeg"), "invalid", "{response}");
}

// ------------------------------------------------------------- ports

#[test]
fn a_fleet_in_a_port_convoys() {
  // 1900: Gibraltar's fleet carries Spain's army to Morocco, which it
  // cannot walk to.
  check(
    "1900",
    &[Case {
      what: "Gibraltar convoys",
      first: ("France", &["A Spa", "F Gib"], &["A Spa - Mor", "F Gib C A Spa - Mor"]),
      second: ("Italy", &["A Rom"], &["A Rom H"]),
      expect: &[("A Spa - Mor", "ok"), ("F Gib C A Spa - Mor", "ok")],
    }],
  );
  // AncMed: Baleares's fleet convoys Tarraco to Saguntum, so the army
  // swaps with Saguntum's instead of meeting it head to head.
  check(
    "ancmed",
    &[Case {
      what: "Baleares convoys",
      first: (
        "Rome",
        &["A Tar", "F Bal", "A Sag"],
        &["A Tar - Sag", "F Bal C A Tar - Sag", "A Sag - Tar"],
      ),
      second: ("Carthage", &["A Car"], &["A Car H"]),
      expect: &[("A Tar - Sag", "ok"), ("F Bal C A Tar - Sag", "ok"), ("A Sag - Tar", "ok")],
    }],
  );
}

#[test]
fn armies_reach_and_leave_a_port_island_by_convoy() {
  // AncMed's Baleares has no land border: armies come and go by sea.
  check(
    "ancmed",
    &[
      Case {
        what: "into the port",
        first: ("Rome", &["A Tar", "F Lig"], &["A Tar - Bal", "F Lig C A Tar - Bal"]),
        second: ("Carthage", &["A Car"], &["A Car H"]),
        expect: &[("A Tar - Bal", "ok"), ("F Lig C A Tar - Bal", "ok")],
      },
      Case {
        what: "out of the port",
        first: ("Carthage", &["A Bal", "F Ber"], &["A Bal - Mau", "F Ber C A Bal - Mau"]),
        second: ("Rome", &["A Tar"], &["A Tar H"]),
        expect: &[("A Bal - Mau", "ok"), ("F Ber C A Bal - Mau", "ok")],
      },
      Case {
        what: "never by land",
        first: ("Rome", &["A Tar"], &["A Tar - Bal"]),
        second: ("Carthage", &["A Car"], &["A Car H"]),
        expect: &[("A Tar - Bal", "invalid")],
      },
    ],
  );
}
