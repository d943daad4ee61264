//! Every variant can be drawn: its board has a place for every unit, name,
//! supply-centre marker and owner fill, and a colour for every power.

use judge::draw::board::{Board, Point};
use judge::map::Map;

/// The points of a shape's path data (`M x,y L x,y … Z`, one or more
/// closed rings), or why it is not well formed.
fn rings(d: &str) -> Result<Vec<Vec<Point>>, String> {
  if !d.starts_with('M') {
    return Err("does not start with M".into());
  }
  if !d.ends_with('Z') {
    return Err("is not closed with Z".into());
  }
  let mut out = Vec::new();
  for ring in d.split('Z').filter(|r| !r.is_empty()) {
    let body = ring.strip_prefix('M').ok_or_else(|| format!("ring {ring:?} lacks M"))?;
    let mut points = Vec::new();
    for pair in body.split('L') {
      let (x, y) = pair.split_once(',').ok_or_else(|| format!("bad point {pair:?}"))?;
      let x: f64 = x.parse().map_err(|_| format!("bad x in {pair:?}"))?;
      let y: f64 = y.parse().map_err(|_| format!("bad y in {pair:?}"))?;
      points.push([x, y]);
    }
    if points.len() < 3 {
      return Err(format!("ring {ring:?} has fewer than 3 points"));
    }
    out.push(points);
  }
  if out.is_empty() {
    return Err("has no ring".into());
  }
  Ok(out)
}

/// Even-odd rule, as the shapes' holes are cut.
fn inside_shape(p: Point, rings: &[Vec<Point>]) -> bool {
  let mut inside = false;
  for ring in rings {
    for i in 0..ring.len() {
      let a = ring[i];
      let b = ring[(i + 1) % ring.len()];
      if (a[1] > p[1]) != (b[1] > p[1])
        && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
      {
        inside = !inside;
      }
    }
  }
  inside
}

/// How far `p` is from the nearest edge of the rings.
fn distance_to_outline(p: Point, rings: &[Vec<Point>]) -> f64 {
  let mut best = f64::INFINITY;
  for ring in rings {
    for i in 0..ring.len() {
      let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
      let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
      let len2 = dx * dx + dy * dy;
      let t = if len2 == 0.0 {
        0.0
      } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
      };
      best = best.min((p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy));
    }
  }
  best
}

fn in_view(board: &Board, p: Point) -> bool {
  let [x, y, w, h] = board.view_box;
  p[0] >= x && p[0] <= x + w && p[1] >= y && p[1] <= y + h
}

/// Everything wrong with one variant's board, one line each.
fn problems(key: &str) -> Vec<String> {
  let map = match Map::builtin(key) {
    Ok(map) => map,
    Err(e) => return vec![format!("{key}: map: {e}")],
  };
  match Board::for_map(map) {
    Ok(board) => problems_on(key, map, board),
    Err(e) => vec![format!("{key}: {e}")],
  }
}

fn problems_on(key: &str, map: &Map, board: &Board) -> Vec<String> {
  let mut bad = Vec::new();
  let view = |what: String, p: Point| {
    (!in_view(board, p)).then(|| format!("{key}: {what} {p:?} lies outside the view box"))
  };
  for province in map.provinces() {
    let abbr = &province.abbr;
    let Some(space) = board.space(abbr) else {
      bad.push(format!("{key}: {abbr} has no space on the {} board", board.map));
      continue;
    };
    bad.extend(view(format!("{abbr} unit"), space.unit));
    bad.extend(view(format!("{abbr} label"), space.label));
    if province.supply_center {
      match space.center {
        Some(c) => bad.extend(view(format!("{abbr} centre"), c)),
        None => bad.push(format!("{key}: supply centre {abbr} has no centre point")),
      }
    }
    for coast in province.coasts() {
      match space.coasts.get(coast.abbr()) {
        Some(&p) => bad.extend(view(format!("{abbr}/{}", coast.abbr()), p)),
        None => bad.push(format!("{key}: {abbr}/{} has no coast point", coast.abbr())),
      }
    }
    match space.shape.as_deref().map(rings) {
      None => bad.push(format!("{key}: {abbr} has no shape")),
      Some(Err(why)) => bad.push(format!("{key}: {abbr}'s shape {why}")),
      Some(Ok(rings)) => {
        for p in rings.iter().flatten() {
          bad.extend(view(format!("{abbr} shape"), *p));
        }
        // A few DPjudge points sit on a drawn line: on the outline counts.
        if !inside_shape(space.unit, &rings) && distance_to_outline(space.unit, &rings) > 0.5 {
          bad.push(format!("{key}: {abbr}'s unit point lies outside its shape"));
        }
      }
    }
  }
  for power in map.power_ids() {
    if board.colors(map, power).is_none() {
      bad.push(format!("{key}: power {} has no colours", map.power(power).name));
    }
  }
  bad
}

#[test]
fn every_variant_has_a_point_label_shape_and_colour_for_everything() {
  let mut bad = Vec::new();
  for variant in Map::variants() {
    bad.extend(problems(variant.key));
  }
  assert!(bad.is_empty(), "{} problems:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn every_board_has_the_unowned_colour() {
  for name in Board::names() {
    let board = Board::builtin(name).unwrap();
    assert!(
      board.powers.iter().any(|p| p.name.eq_ignore_ascii_case("unowned")),
      "the {name} board has no colour for unowned centres"
    );
  }
}

#[test]
fn a_deleted_point_is_noticed() {
  // The checks are only worth having if they see a hole: drop a coast, a
  // centre, a shape, a whole space and a colour from a good board.
  let map = Map::standard().unwrap();
  let good = Board::for_map(map).unwrap();
  assert_eq!(problems_on("standard", map, good), Vec::<String>::new());
  let mut board = good.clone();
  for space in &mut board.spaces {
    match space.abbr.as_str() {
      "Stp" => drop(space.coasts.remove("sc")),
      "Par" => space.center = None,
      "Bur" => space.shape = None,
      "Mun" => space.shape = Some("M1,1L2,2Z".into()),
      "Kie" => space.unit = [-1000.0, 0.0],
      _ => {}
    }
  }
  board.spaces.retain(|s| s.abbr != "Gas");
  board.powers.retain(|p| p.name != "FRANCE");
  let found = problems_on("standard", map, &board).join("\n");
  for needle in [
    "Stp/sc has no coast point",
    "supply centre Par has no centre point",
    "Bur has no shape",
    "Mun's shape ring",
    "Kie unit [-1000.0, 0.0] lies outside the view box",
    "Gas has no space",
    "power France has no colours",
  ] {
    assert!(found.contains(needle), "{needle:?} not in:\n{found}");
  }
}

#[test]
fn every_variant_is_drawn_on_an_existing_board() {
  for variant in Map::variants() {
    let map = Map::builtin(variant.key).unwrap();
    let board = Board::for_map(map).unwrap_or_else(|e| panic!("{}: {e}", variant.key));
    assert_eq!(board.map, map.board(), "{}", variant.key);
  }
}

#[test]
fn every_board_file_names_its_source_and_keeps_the_mit_notice() {
  let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/boards");
  let mut seen = 0;
  for entry in std::fs::read_dir(&dir).unwrap() {
    let path = entry.unwrap().path();
    if path.extension().and_then(|e| e.to_str()) != Some("toml") {
      continue;
    }
    seen += 1;
    let name = path.file_stem().unwrap().to_str().unwrap().to_string();
    let text = std::fs::read_to_string(&path).unwrap();
    for needle in [
      format!("Converted from DPjudge maps/{name}.ps by"),
      format!("python3 tools/board_from_ps.py {name}"),
      "Copyright 2017 Manus Hand".to_string(),
      "Permission is hereby granted, free of charge".to_string(),
      "THE SOFTWARE IS PROVIDED \"AS IS\"".to_string(),
    ] {
      assert!(text.contains(&needle), "{name}.toml lacks {needle:?}");
    }
    let board = Board::builtin(&name).unwrap();
    assert!(board.source.contains(&format!("DPjudge maps/{name}.ps")), "{name}: {}", board.source);
    assert!(board.source.contains("MIT"), "{name}: {}", board.source);
  }
  assert_eq!(seen, 30, "one board per DPjudge .ps map");
}
