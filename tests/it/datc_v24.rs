//! DATC v2.4 in jDip's text format (`godip-datc_v2.4_06.txt`) and godip's
//! extra regression files, run through `judge adjudicate`'s JSON face. These
//! compare the FULL position after the phase (units, and dislodged units
//! after a movement phase), which the v3.0 JSON suite does not. Each test
//! runs every case, collects every failure, and fails once listing them.

use crate::datc;
use crate::godip;

use std::collections::VecDeque;

use datc::{province, read_data, standard};
use godip::{actual, difference, expected, GodipCase, Snapshot};
use judge::interchange::{self, Response};
use judge::map::{Location, Map, ProvinceId, UnitType};

/// A v2.4 expectation that v3.0 changed: the position v3.0 expects after
/// the phase, in the file's own notation.
struct V3Wins {
  id: &'static str,
  units: &'static [&'static str],
  dislodged: &'static [&'static str],
  why: &'static str,
}

/// Where v2.4 and v3.0 disagree, v3.0 wins. Every case the README names
/// was checked against `DATC_v3_0.html`:
///
/// - 6.G.8 differs and is overridden here.
/// - 6.G.11 and 6.G.11.mod: the file already expects what v3.0 prefers (no
///   land-route fallback, so a plain convoy paradox: the North Sea fleet
///   dislodges the Russian fleet in Skagerrak, the army in Sweden stays).
///   No override. (It is the v3.0 JSON file that keeps the old outcome.)
/// - 6.A.5 expects v3.0's outcome (the German fleet dislodges the army in
///   Yorkshire); 6.A.5.old (all English units) stands still under either
///   version, since the move to its own province is illegal and a unit
///   cannot dislodge its own side. No override.
/// - 6.J: v3.0 counts civil-disorder distance to the nearest OWNED centre
///   over land and sea for every unit. On the file's positions this removes
///   the same units as v2.4 (worked out per case in `CIVIL_DISORDER_2023`,
///   and checked against the map by
///   `v24_civil_disorder_cases_agree_with_the_2023_rule`). No override.
const V3_WINS: &[V3Wins] = &[V3Wins {
  id: "6.G.8",
  units: &["France: A bel", "England: F hel", "England: A kie"],
  dislodged: &[],
  why: "v3.0 prefers no fallback to the land route for an explicit convoy that is not there: \
        the army in Belgium stays (v2.4 let it walk to Holland)",
}];

/// The 6.J cases decided by civil disorder alone, with the units the 2023
/// rule removes and why (distance in moves over land and sea to the
/// nearest owned centre; ties: fleets first, then the province's name).
const CIVIL_DISORDER_2023: &[(&str, &[&str], &str)] = &[
  ("6.J.3", &["A swe"], "owns Mos Stp War: Swe 2 (via Fin), Lvn 1"),
  ("6.J.4", &["A lvn"], "owns Mos Stp War: Lvn 1, Ukr 1; Livonia before Ukraine"),
  ("6.J.5", &["F ber"], "owns Mos Stp War: Ber 2 (via Pru), Ska 2 (via Nwy); Berlin first"),
  ("6.J.6", &["F bal"], "owns Mos Stp War: Bal 2, Ska 2; Baltic Sea before Skagerrak"),
  ("6.J.7", &["F nth"], "owns Stp War: all three 2; fleets first, North Sea before Skagerrak"),
  ("6.J.8", &["A tyr"], "owns Mos Stp War: Tyr 3, Bal 2"),
  ("6.J.9.part1", &["A tyr"], "owns Stp: Tyr 5, Bal 2"),
  ("6.J.9.part2", &["A tyr"], "owns Stp: Tyr 5, Ska 2"),
  ("6.J.10", &["A sil"], "owns Nap Rom Ven: Sil 3, Gre 2 (via Ion), Ion 1"),
  ("6.J.11", &["A sil"], "owns Nap Rom Ven: Sil 3, Gre 2 (via Ion)"),
];

fn load(file: &str) -> Vec<GodipCase> {
  godip::parse(file, &read_data(file)).unwrap_or_else(|e| panic!("{e}"))
}

const EXTRA_FILES: [&str; 4] =
  ["godip-dipai.txt", "godip-real.txt", "godip-droidippy_errors.txt", "godip-diplicity_errors.txt"];

#[test]
fn datc_v24_positions() {
  run_all("DATC v2.4", &load("godip-datc_v2.4_06.txt"));
}

#[test]
fn godip_regression_positions() {
  let cases: Vec<GodipCase> = EXTRA_FILES.iter().flat_map(|f| load(f)).collect();
  run_all("godip regressions", &cases);
}

fn run_all(suite: &str, cases: &[GodipCase]) {
  let map = standard();
  let failures: Vec<String> = cases.iter().filter_map(|case| run_case(map, case)).collect();
  let summary =
    format!("{suite}: {} of {} cases passed", cases.len() - failures.len(), cases.len());
  eprintln!("{summary}");
  assert!(failures.is_empty(), "{summary}; failures:\n\n{}", failures.join("\n\n"));
}

/// The position a case expects, after the v3.0 table.
fn expectation(map: &Map, case: &GodipCase) -> Result<(Snapshot, Option<&'static str>), String> {
  let Some(wins) = V3_WINS.iter().find(|w| w.id == case.id) else {
    return expected(map, case).map(|e| (e, None));
  };
  let text = format!(
    "CASE {}\nPOSTSTATE\n{}\nPOSTSTATE_DISLODGED\n{}\nEND\n",
    case.id,
    wins.units.join("\n"),
    wins.dislodged.join("\n")
  );
  let parsed = godip::parse("V3_WINS", &text)?;
  let case = parsed.first().ok_or("empty override")?;
  expected(map, case).map(|e| (e, Some(wins.why)))
}

/// Runs one case; `Some(report)` when it fails.
fn run_case(map: &Map, case: &GodipCase) -> Option<String> {
  let label = case.label();
  let request = godip::request(map, case);
  let request_json = serde_json::to_string(&request).unwrap_or_default();
  let (want, why) = match expectation(map, case) {
    Ok(expectation) => expectation,
    Err(error) => return Some(format!("{label}: harness cannot read the expectation: {error}")),
  };
  let response = match interchange::adjudicate(&request) {
    Ok(response) => response,
    Err(error) => {
      return Some(format!("{label}: input error: {error}\n    request: {request_json}"))
    }
  };
  let got = actual(&response);
  let given: usize = request.orders.values().map(Vec::len).sum();
  let mut problems = Vec::new();
  if response.orders.len() != given {
    problems.push(format!("{given} orders given, {} reported", response.orders.len()));
  }
  problems.extend(difference(&want, &got));
  if problems.is_empty() {
    return None;
  }
  let why = why.map(|w| format!("\n    (expectation from DATC v3.0: {w})")).unwrap_or_default();
  Some(format!(
    "{label} [{}]: {}{why}\n    orders: {}\n    request: {request_json}\n    response: {}",
    case.phase,
    problems.join("; "),
    order_results(&response),
    serde_json::to_string(&response).unwrap_or_default()
  ))
}

/// `England: F lon-nth → ok; ...`, the quickest thing to read in a failure.
fn order_results(response: &Response) -> String {
  let results: Vec<String> = response
    .orders
    .iter()
    .map(|o| {
      let error = o.error.as_deref().map(|e| format!(" ({e})")).unwrap_or_default();
      format!("{}: {} → {}{error}", o.power, o.order, o.result)
    })
    .collect();
  results.join("; ")
}

// ------------------------------------------------------------------------
// The 2023 civil-disorder rule, worked out on the map, to back the claim
// that no 6.J case needs a v3.0 override.

/// Provinces one move away for any unit: armies and fleets may both cross
/// land and sea when civil-disorder distance is counted.
fn any_neighbours(map: &Map, from: ProvinceId) -> Vec<ProvinceId> {
  let province = map.province(from);
  let mut near: Vec<ProvinceId> = map.army_neighbours(from).to_vec();
  let mut coasts: Vec<Location> =
    province.coasts().map(|c| Location { province: from, coast: Some(c) }).collect();
  coasts.push(Location::province(from));
  for at in coasts {
    near.extend(map.fleet_neighbours(at).iter().map(|l| l.province));
  }
  near
}

fn distance(map: &Map, from: ProvinceId, owned: &[ProvinceId]) -> usize {
  let mut seen = vec![None; map.provinces().len()];
  seen[from.index()] = Some(0);
  let mut queue = VecDeque::from([from]);
  while let Some(at) = queue.pop_front() {
    let d = seen[at.index()].unwrap_or(0);
    if owned.contains(&at) {
      return d;
    }
    for next in any_neighbours(map, at) {
      if seen[next.index()].is_none() {
        seen[next.index()] = Some(d + 1);
        queue.push_back(next);
      }
    }
  }
  usize::MAX
}

#[test]
fn v24_civil_disorder_cases_agree_with_the_2023_rule() {
  let map = standard();
  let cases = load("godip-datc_v2.4_06.txt");
  for (id, removed, why) in CIVIL_DISORDER_2023 {
    let case = cases.iter().find(|c| c.id == *id).unwrap_or_else(|| panic!("{id}"));
    assert!(case.orders.is_empty(), "{id} is decided by civil disorder alone");
    let owned: Vec<ProvinceId> =
      case.owners.iter().flatten().filter_map(|o| province(map, &o.place)).collect();
    let mut ranked: Vec<(usize, bool, String, String)> = case
      .prestate
      .iter()
      .map(|u| {
        let at = province(map, &u.place).unwrap_or_else(|| panic!("{id}: {}", u.place));
        let army = godip::unit_type(&u.kind) == Some(UnitType::Army);
        (distance(map, at, &owned), army, map.province(at).name.clone(), u.unit())
      })
      .collect();
    // Farthest first; then fleets before armies; then by name.
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let due = case.prestate.len().saturating_sub(owned.len());
    let chosen: Vec<String> = ranked.iter().take(due).map(|r| r.3.clone()).collect();
    assert_eq!(chosen, *removed, "{id}: {why}; ranking {ranked:?}");
    // And v2.4 expects exactly the others to stay.
    let kept: Vec<godip::Placed> =
      case.prestate.iter().filter(|u| !chosen.contains(&u.unit())).cloned().collect();
    let mut kept_case = case.clone();
    kept_case.post = kept;
    assert_eq!(expected(map, &kept_case), expected(map, case), "{id}: v2.4 expects the same");
  }
}

// ------------------------------------------------------------------------
// The harness itself: these pass before the parser and adjudicator exist.

#[test]
fn the_files_parse_as_the_readme_describes() {
  let cases = load("godip-datc_v2.4_06.txt");
  assert_eq!(cases.len(), 167);
  let per_section = |s: &str| cases.iter().filter(|c| c.id.starts_with(&format!("6.{s}."))).count();
  let counts: Vec<usize> =
    ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"].map(per_section).into();
  assert_eq!(counts, vec![16, 14, 7, 34, 15, 25, 20, 17, 7, 12]);
  let extra: Vec<usize> = EXTRA_FILES.iter().map(|f| load(f).len()).collect();
  // (The README says 9, 3, 5 and 1; the files hold 9, 4, 4 and 1.)
  assert_eq!(extra, vec![9, 4, 4, 1]);
  let map = standard();
  for case in
    cases.iter().chain(EXTRA_FILES.iter().flat_map(|f| load(f)).collect::<Vec<_>>().iter())
  {
    assert!(expected(map, case).is_ok(), "{}", case.label());
    assert!(case.post_same || !case.post.is_empty() || case.id == "6.H.15", "{}", case.label());
  }
  assert_eq!(cases.iter().filter(|c| c.post_same).count(), 44);
  assert_eq!(cases.iter().filter(|c| c.is_retreat()).count(), 17);
  assert_eq!(cases.iter().filter(|c| c.owners.is_some()).count(), 20);
}

#[test]
fn quirks_of_the_file_are_read() {
  let map = standard();
  let cases = load("godip-datc_v2.4_06.txt");
  let find = |id: &str| cases.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"));
  // 6.B.6: "Italy F gol" without a colon, "France f mid" in lower case.
  let want = expected(map, find("6.B.6")).expect("6.B.6");
  assert!(want.units.contains(&("Italy".into(), "F Lyo".into())), "{want:?}");
  assert_eq!(want.dislodged, vec![("France".to_string(), "F Mao".to_string())]);
  // 6.A.5: the typo "Germnay".
  assert!(find("6.A.5").orders.iter().all(|(nation, _)| nation != "Germnay"));
  // Titles and a trailing dot are not part of the id.
  assert_eq!(find("6.E.15").title, "TEST CASE, THE FRIENDLY HEAD TO HEAD BATTLE");
  assert_eq!(find("6.A.1").phase, "S1901M");
  assert_eq!(find("6.I.1").phase, "F1901B");
}

#[test]
fn retreat_cases_become_requests_with_attackers_and_standoffs() {
  let map = standard();
  let cases = load("godip-datc_v2.4_06.txt");
  let request = |id: &str| {
    let case = cases.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"));
    godip::request(map, case)
  };
  let attackers = |id: &str| -> Vec<(String, String, Option<String>)> {
    request(id)
      .dislodged
      .iter()
      .flat_map(|(n, l)| {
        l.iter().map(move |d| (n.clone(), d.unit.clone(), d.attacker_from.clone()))
      })
      .collect()
  };
  // 6.H.9: the Russian army lost a head-to-head with Berlin: no standoff.
  let r = request("6.H.9");
  assert_eq!(r.phase, "S1901R");
  assert_eq!(r.standoffs, Vec::<String>::new());
  assert_eq!(
    attackers("6.H.9"),
    vec![
      ("Russia".into(), "A pru".into(), Some("Ber".into())),
      ("Germany".into(), "F kie".into(), Some("Hel".into())),
    ]
  );
  // 6.H.6 and 6.H.16: bounces leave Bohemia and Spain contested.
  assert_eq!(request("6.H.6").standoffs, vec!["Boh"]);
  assert_eq!(request("6.H.16").standoffs, vec!["Spa"]);
  // 6.H.11: the attack came by convoy, so Gascony stays open.
  assert_eq!(attackers("6.H.11"), vec![("Italy".into(), "A mar".into(), None)]);
  // 6.H.12: the same for Liverpool; the Channel was taken from Brest; the
  // failed English convoy makes no standoff in Edinburgh.
  assert_eq!(
    attackers("6.H.12"),
    vec![
      ("England".into(), "A lvp".into(), None),
      ("England".into(), "F eng".into(), Some("Bre".into())),
    ]
  );
  assert_eq!(request("6.H.12").standoffs, Vec::<String>::new());
  // 6.I.1: the ownership is exactly the listed one.
  let centers = request("6.I.1").centers.expect("centres");
  assert_eq!(centers["Russia"], vec!["war"]);
  assert_eq!(centers["Germany"], vec!["kie", "mun"]);
}
