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

/// How far (standard units) a land province's shape may lie from its
/// unit point when the point stands on the water beside it (Zeus's
/// Okinawa, whose island is a dot in a box of sea, is the farthest).
const BESIDE: f64 = 22.0;

/// Whether the board's art shows water at `p`: the last fill layer
/// holding it (non-zero rule, as drawn) is the sea's colour.
fn shows_water(board: &Board, p: Point) -> bool {
  let mut wet = false;
  for layer in &board.layers {
    let Some(fill) = &layer.fill else { continue };
    let mut winding = 0;
    for ring in polygons(&layer.d) {
      for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        if (a[1] > p[1]) != (b[1] > p[1])
          && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
        {
          winding += if b[1] > a[1] { 1 } else { -1 };
        }
      }
    }
    if winding != 0 {
      wet = fill.eq_ignore_ascii_case(SEA);
    }
  }
  wet
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
        // DPjudge stands the unit of an island, and of a few coasts, on
        // the water beside it: a land province's tint is its land, which
        // must then lie near the point.
        let off = distance_to_outline(space.unit, &rings);
        let beside = !matches!(province.terrain, judge::map::Terrain::Sea)
          && shows_water(board, space.unit)
          && off <= BESIDE * board.token_scale;
        let on =
          |p: Point, slack: f64| inside_shape(p, &rings) || distance_to_outline(p, &rings) <= slack;
        if !on(space.unit, 0.5) && !beside {
          bad.push(format!("{key}: {abbr}'s unit point lies outside its shape"));
        }
        // A token moved clear of its neighbours stays on its province
        // (one whose lifted point is off it, on a thin coast, stays near).
        let id = map.province_ids().find(|&id| map.province(id).abbr == *abbr);
        let lift = 3.0 * board.token_scale;
        let mut locations: Vec<Option<judge::map::Coast>> = vec![None];
        locations.extend(province.coasts().map(Some));
        for (coast, id) in locations.into_iter().zip(std::iter::repeat(id)) {
          let Some(id) = id else { continue };
          let point = board.unit_point(map, judge::map::Location { province: id, coast });
          let token = judge::draw::token_point(map, judge::map::Location { province: id, coast });
          let (Some(point), Ok(token)) = (point, token) else { continue };
          let lifted = [point[0], point[1] - lift];
          let slack = board.token_scale;
          let moved = (token[0] - lifted[0]).hypot(token[1] - lifted[1]);
          if on(lifted, slack) && !on(token, slack) || !on(lifted, slack) && moved > 5.0 * slack {
            bad.push(format!("{key}: {abbr}'s token at {token:?} has left its province"));
          }
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

// ------------------------------------------------------------ legibility
//
// What a player sees at the drawn size: tokens that do not pile on each
// other, names that no centre dot or token covers, and owners' tints that
// stay on land. The sizes are the drawing's (src/draw): a token stands
// above its point (`judge::draw::token_point`); an army is a disc, a fleet a hull; a name
// is centred under its label point; everything is `token_scale` times
// the standard board's size.

const OUTLINE: f64 = 0.45;
const ARMY_R: f64 = 5.6;
/// The hull's extent from the token's centre: left/right, up, down.
const FLEET: [f64; 3] = [8.6, 5.2, 5.4];
const CENTRE_R: f64 = 3.2;
const NAME_SIZE: f64 = 6.2;
/// Width of one bold DejaVu Sans character of a name, in ems.
const NAME_EM: f64 = 0.66;
/// Overlap below this (standard units) is antialiasing, not overlap.
const TOUCH: f64 = 0.3;

/// A token, centre dot or name's footprint.
#[derive(Clone, Copy, Debug)]
enum Mark {
  Disc { c: Point, r: f64 },
  Rect { min: Point, max: Point },
}

impl Mark {
  /// An army's token centred at `c`.
  fn army(c: Point, u: f64) -> Mark {
    Mark::Disc { c, r: (ARMY_R + OUTLINE) * u }
  }

  /// A fleet's token centred at `c`.
  fn fleet(c: Point, u: f64) -> Mark {
    let [w, up, down] = FLEET.map(|v| (v + OUTLINE) * u);
    Mark::Rect { min: [c[0] - w, c[1] - up], max: [c[0] + w, c[1] + down] }
  }

  fn contains(self, p: Point) -> bool {
    match self {
      Mark::Disc { c, r } => (p[0] - c[0]).hypot(p[1] - c[1]) < r,
      Mark::Rect { min, max } => p[0] > min[0] && p[0] < max[0] && p[1] > min[1] && p[1] < max[1],
    }
  }

  /// How deep two footprints overlap (negative: apart).
  fn overlap(self, other: Mark) -> f64 {
    match (self, other) {
      (Mark::Disc { c: a, r: ra }, Mark::Disc { c: b, r: rb }) => {
        ra + rb - (a[0] - b[0]).hypot(a[1] - b[1])
      }
      (Mark::Rect { min: a0, max: a1 }, Mark::Rect { min: b0, max: b1 }) => {
        (a1[0].min(b1[0]) - a0[0].max(b0[0])).min(a1[1].min(b1[1]) - a0[1].max(b0[1]))
      }
      (Mark::Disc { c, r }, Mark::Rect { min, max })
      | (Mark::Rect { min, max }, Mark::Disc { c, r }) => {
        let near = [c[0].clamp(min[0], max[0]), c[1].clamp(min[1], max[1])];
        let d = (c[0] - near[0]).hypot(c[1] - near[1]);
        if d == 0.0 {
          r + (c[0] - min[0]).min(max[0] - c[0]).min(c[1] - min[1]).min(max[1] - c[1])
        } else {
          r - d
        }
      }
    }
  }

  /// The share of a name's box this footprint covers (sampled).
  fn covers(self, name: Mark) -> f64 {
    let Mark::Rect { min, max } = name else { return 0.0 };
    let (nx, ny) = (12, 5);
    let mut hit = 0;
    for i in 0..nx {
      for j in 0..ny {
        let p = [
          min[0] + (max[0] - min[0]) * (i as f64 + 0.5) / nx as f64,
          min[1] + (max[1] - min[1]) * (j as f64 + 0.5) / ny as f64,
        ];
        hit += usize::from(self.contains(p));
      }
    }
    hit as f64 / (nx * ny) as f64
  }
}

/// The footprints a unit in `province` may have: an army, a fleet, a
/// fleet on each coast, as the terrain allows.
fn unit_marks(map: &Map, board: &Board, id: judge::map::ProvinceId) -> Vec<Mark> {
  use judge::map::{Location, Terrain};
  let u = board.token_scale;
  let province = map.province(id);
  let at = |coast| judge::draw::token_point(map, Location { province: id, coast }).ok();
  let mut marks = Vec::new();
  match province.terrain {
    Terrain::Impassable => {}
    Terrain::Sea => marks.extend(at(None).map(|c| Mark::fleet(c, u))),
    Terrain::Land => marks.extend(at(None).map(|c| Mark::army(c, u))),
    Terrain::Coast | Terrain::Port => {
      marks.extend(at(None).map(|c| Mark::army(c, u)));
      if province.has_coasts() {
        for coast in province.coasts() {
          marks.extend(at(Some(coast)).map(|c| Mark::fleet(c, u)));
        }
      } else {
        marks.extend(at(None).map(|c| Mark::fleet(c, u)));
      }
    }
  }
  marks
}

/// Tokens that overlap at the start (`crowded`: false) or with a unit in
/// every province (true), one line per pair.
fn token_overlaps(key: &str, map: &Map, board: &Board, crowded: bool) -> Vec<String> {
  let u = board.token_scale;
  let placed: Vec<(String, Vec<Mark>)> = if crowded {
    map
      .province_ids()
      .map(|id| (map.province(id).abbr.clone(), unit_marks(map, board, id)))
      .collect()
  } else {
    let start = judge::position::Position::initial(map).expect("the start");
    start
      .units()
      .filter_map(|unit| {
        let at = judge::draw::token_point(map, unit.location).ok()?;
        let mark = match unit.kind {
          judge::map::UnitType::Army => Mark::army(at, u),
          judge::map::UnitType::Fleet | judge::map::UnitType::Wing => Mark::fleet(at, u),
        };
        Some((map.location_abbr(unit.location), vec![mark]))
      })
      .collect()
  };
  let mut bad = Vec::new();
  for (i, (a, marks_a)) in placed.iter().enumerate() {
    for (b, marks_b) in &placed[i + 1..] {
      let depth = marks_a
        .iter()
        .flat_map(|x| marks_b.iter().map(move |y| x.overlap(*y)))
        .fold(f64::NEG_INFINITY, f64::max);
      if depth > TOUCH * u {
        let when = if crowded { "crowded" } else { "start" };
        bad.push(format!("{key}: {when}: tokens of {a} and {b} overlap by {:.1}", depth / u));
      }
    }
  }
  bad
}

/// Names covered by a centre dot, or by a token at the crowded position,
/// by more than a twentieth.
fn covered_names(key: &str, map: &Map, board: &Board) -> Vec<String> {
  let u = board.token_scale;
  let mut covering: Vec<(String, Mark)> = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else { continue };
    if province.supply_center {
      if let Some(c) = space.center {
        covering.push((
          format!("{}'s centre", province.abbr),
          Mark::Disc { c, r: (CENTRE_R + OUTLINE) * u },
        ));
      }
    }
    for mark in unit_marks(map, board, id) {
      covering.push((format!("a unit in {}", province.abbr), mark));
    }
  }
  // The names as the picture writes them (baseline middle and text).
  let start = judge::position::Position::initial(map).expect("the start");
  let scene = judge::draw::Scene {
    map,
    title: key.to_string(),
    position: &start,
    dislodged: &[],
    orders: Vec::new(),
  };
  let svg = judge::draw::svg(&scene).expect("drawn");
  let doc = roxmltree::Document::parse(&svg).expect("well formed");
  let size = NAME_SIZE * u;
  let mut bad = Vec::new();
  for text in doc
    .descendants()
    .filter(|g| g.attribute("class") == Some("names"))
    .flat_map(|g| g.children().filter(|t| t.has_tag_name("text")))
  {
    let abbr = text.text().unwrap_or("");
    let number = |a: &str| text.attribute(a).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    let [x, y] = [number("x"), number("y")];
    let half = abbr.chars().count() as f64 * NAME_EM * size / 2.0;
    let name = Mark::Rect { min: [x - half, y - 0.72 * size], max: [x + half, y] };
    for (what, mark) in &covering {
      let share = mark.covers(name);
      if share > 0.05 {
        bad.push(format!("{key}: {what} covers {:.0}% of {abbr}'s name", share * 100.0));
      }
    }
  }
  bad
}

/// Path data as closed polygons: `M`, `L`, `C` (flattened), `Z`.
fn polygons(d: &str) -> Vec<Vec<Point>> {
  let mut rings: Vec<Vec<Point>> = Vec::new();
  let mut ring: Vec<Point> = Vec::new();
  let mut numbers: Vec<f64> = Vec::new();
  let mut command = 'M';
  let flush =
    |command: char, numbers: &mut Vec<f64>, ring: &mut Vec<Point>, rings: &mut Vec<Vec<Point>>| {
      match command {
        'M' => {
          if ring.len() > 2 {
            rings.push(std::mem::take(ring));
          }
          ring.clear();
          for pair in numbers.chunks(2).filter(|c| c.len() == 2) {
            ring.push([pair[0], pair[1]]);
          }
        }
        'L' => ring.extend(numbers.chunks(2).filter(|c| c.len() == 2).map(|c| [c[0], c[1]])),
        'C' => {
          for c in numbers.chunks(6).filter(|c| c.len() == 6) {
            let p0 = *ring.last().unwrap_or(&[c[0], c[1]]);
            for k in 1..=6 {
              let t = k as f64 / 6.0;
              let m = 1.0 - t;
              let (a, b, cc, dd) = (m * m * m, 3.0 * m * m * t, 3.0 * m * t * t, t * t * t);
              ring.push([
                a * p0[0] + b * c[0] + cc * c[2] + dd * c[4],
                a * p0[1] + b * c[1] + cc * c[3] + dd * c[5],
              ]);
            }
          }
        }
        _ => {}
      }
      numbers.clear();
    };
  let mut token = String::new();
  for ch in d.chars().chain(std::iter::once(' ')) {
    if ch.is_ascii_digit()
      || ch == '.'
      || (ch == '-' && token.is_empty())
      || (ch == 'e' && !token.is_empty())
    {
      token.push(ch);
      continue;
    }
    if !token.is_empty() {
      numbers.push(token.parse().unwrap_or(0.0));
      token.clear();
    }
    if ch == '-' {
      token.push(ch);
    } else if ch.is_ascii_alphabetic() {
      flush(command, &mut numbers, &mut ring, &mut rings);
      command = ch.to_ascii_uppercase();
      if command == 'Z' {
        if ring.len() > 2 {
          rings.push(std::mem::take(&mut ring));
        }
        ring.clear();
      }
    }
  }
  flush(command, &mut numbers, &mut ring, &mut rings);
  if ring.len() > 2 {
    rings.push(ring);
  }
  rings
}

/// A grid over the view box, one cell per `cell` units.
struct Grid {
  origin: Point,
  cell: f64,
  w: usize,
  h: usize,
}

impl Grid {
  /// The cells of each row whose centre the rings fill (non-zero rule,
  /// or even-odd), as `(row, from, to)` runs.
  fn fill(&self, rings: &[Vec<Point>], even_odd: bool) -> Vec<(usize, usize, usize)> {
    let mut runs = Vec::new();
    let mut crossings: Vec<Vec<(f64, i32)>> = vec![Vec::new(); self.h];
    for ring in rings {
      for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        if a[1] == b[1] {
          continue;
        }
        let dir = if b[1] > a[1] { 1 } else { -1 };
        let (lo, hi) = if a[1] < b[1] { (a, b) } else { (b, a) };
        let first = ((lo[1] - self.origin[1]) / self.cell - 0.5).ceil().max(0.0) as usize;
        let last = ((hi[1] - self.origin[1]) / self.cell - 0.5).ceil().max(0.0) as usize;
        let end = last.min(self.h);
        for (row, list) in crossings.iter_mut().enumerate().take(end).skip(first) {
          let y = self.origin[1] + (row as f64 + 0.5) * self.cell;
          let x = lo[0] + (y - lo[1]) * (hi[0] - lo[0]) / (hi[1] - lo[1]);
          list.push((x, dir));
        }
      }
    }
    for (row, mut xs) in crossings.into_iter().enumerate() {
      xs.sort_by(|a, b| a.0.total_cmp(&b.0));
      let mut winding = 0;
      for pair in xs.windows(2) {
        winding += if even_odd { 1 } else { pair[0].1 };
        let inside = if even_odd { winding % 2 == 1 } else { winding != 0 };
        if !inside {
          continue;
        }
        let from = ((pair[0].0 - self.origin[0]) / self.cell - 0.5).ceil().max(0.0) as usize;
        let to = ((pair[1].0 - self.origin[0]) / self.cell - 0.5).ceil().max(0.0) as usize;
        if from < to.min(self.w) {
          runs.push((row, from, to.min(self.w)));
        }
      }
    }
    runs
  }
}

/// The sea's colour in every board's art.
const SEA: &str = "#1a6699";

/// Land provinces whose owner's tint (their shape) lies over water in the
/// board's art, beyond a tolerance at the coast.
fn tints_over_water(key: &str, map: &Map, board: &Board) -> Vec<String> {
  use judge::map::Terrain;
  let u = board.token_scale;
  let [x, y, w, h] = board.view_box;
  let cell = 0.75 * u;
  let grid =
    Grid { origin: [x, y], cell, w: (w / cell).ceil() as usize, h: (h / cell).ceil() as usize };
  // The art's colour at each cell: water or not, painted in order.
  let mut water = vec![false; grid.w * grid.h];
  for layer in &board.layers {
    let Some(fill) = &layer.fill else { continue };
    let wet = fill.eq_ignore_ascii_case(SEA);
    for (row, from, to) in grid.fill(&polygons(&layer.d), false) {
      water[row * grid.w + from..row * grid.w + to].fill(wet);
    }
  }
  // Water well inside: the cells around it are water too.
  let margin = (1.5 * u / cell).ceil() as usize;
  let deep = |row: usize, col: usize| {
    row >= margin
      && col >= margin
      && row + margin < grid.h
      && col + margin < grid.w
      && [(0, 0), (margin, 0), (0, margin)].iter().all(|&(dr, dc)| {
        water[(row + dr) * grid.w + col + dc] && water[(row - dr) * grid.w + col - dc]
      })
  };
  let mut bad = Vec::new();
  for province in map.provinces() {
    if matches!(province.terrain, Terrain::Sea | Terrain::Impassable) {
      continue;
    }
    let Some(shape) = board.space(&province.abbr).and_then(|s| s.shape.as_deref()) else {
      continue;
    };
    let mut wet = 0usize;
    for (row, from, to) in grid.fill(&polygons(shape), true) {
      wet += (from..to).filter(|&col| deep(row, col)).count();
    }
    // In standard units squared: a token's disc is about 100.
    let area = wet as f64 * cell * cell / (u * u);
    if area > 40.0 {
      bad.push(format!("{key}: {}'s tint covers {area:.0} units² of water", province.abbr));
    }
  }
  bad
}

/// DPjudge stands the unit of an island (Crete, the Baleares, Zeus's
/// islands) and of a few coasts on the water beside it: the owner's tint
/// is the land, so it leaves that water, the unit's spot, untinted.
#[test]
fn a_unit_standing_on_water_beside_its_land_is_not_tinted_over() {
  use judge::map::Terrain;
  let mut seen = 0;
  let mut bad = Vec::new();
  for variant in Map::variants() {
    let map = Map::builtin(variant.key).expect("a map");
    let board = Board::for_map(map).expect("a board");
    for province in map.provinces() {
      if !matches!(province.terrain, Terrain::Land | Terrain::Coast | Terrain::Port) {
        continue;
      }
      let Some(space) = board.space(&province.abbr) else { continue };
      let Some(Ok(rings)) = space.shape.as_deref().map(rings) else { continue };
      if !shows_water(board, space.unit) || distance_to_outline(space.unit, &rings) <= 1.0 {
        continue;
      }
      seen += 1;
      if inside_shape(space.unit, &rings) {
        bad.push(format!(
          "{}: {}'s tint covers the water its unit stands on",
          variant.key, province.abbr
        ));
      }
    }
  }
  // AncMed's Crete and Baleares, Empire's Hawaii, Zeus's islands, …
  assert!(seen >= 20, "only {seen} units stand on water");
  assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every legibility problem of every variant's board.
fn legibility() -> Vec<String> {
  let mut bad = Vec::new();
  for variant in Map::variants() {
    let map = Map::builtin(variant.key).expect("a map");
    let board = Board::for_map(map).expect("a board");
    bad.extend(token_overlaps(variant.key, map, board, false));
    bad.extend(token_overlaps(variant.key, map, board, true));
    bad.extend(covered_names(variant.key, map, board));
    bad.extend(tints_over_water(variant.key, map, board));
  }
  bad
}

/// The kind of a problem line.
fn kind(line: &str) -> &'static str {
  if line.contains("tokens of") {
    "overlap"
  } else if line.contains("name") {
    "name"
  } else {
    "water"
  }
}

/// The problems still on the boards, by variant and kind, as
/// `(variant, kind, count)`: none. Every board is drawn with no token
/// overlapping another, no name covered and no tint over water (the
/// crowded ones with smaller tokens, `token_factor` in
/// tools/board_fixes.toml), so any problem fails the test.
const KNOWN: &[(&str, &str, usize)] = &[];

#[test]
fn no_board_gets_less_legible() {
  let bad = legibility();
  // `LEGIBILITY_OUT=FILE` writes every problem to FILE, to redo KNOWN.
  if let Ok(path) = std::env::var("LEGIBILITY_OUT") {
    std::fs::write(path, bad.join("\n")).expect("the problems written");
  }
  let mut found: std::collections::BTreeMap<(String, &str), Vec<&str>> = Default::default();
  for line in &bad {
    let variant = line.split(':').next().unwrap_or("").to_string();
    found.entry((variant, kind(line))).or_default().push(line);
  }
  let mut wrong = Vec::new();
  for ((variant, kind), lines) in &found {
    let known = KNOWN.iter().find(|(v, k, _)| v == variant && k == kind).map_or(0, |&(_, _, n)| n);
    if lines.len() > known {
      wrong.push(format!(
        "{variant} {kind}: {} problems, {known} known:\n{}",
        lines.len(),
        lines.join("\n")
      ));
    }
  }
  for &(variant, kind, known) in KNOWN {
    let now = found.get(&(variant.to_string(), kind)).map_or(0, Vec::len);
    if now < known {
      wrong.push(format!("{variant} {kind}: {now} problems now, strike {} off KNOWN", known - now));
    }
  }
  assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_legibility_checks_see_a_problem() {
  let map = Map::standard().unwrap();
  let good = Board::for_map(map).unwrap();
  let mut board = good.clone();
  let north_sea = good.space("Nth").and_then(|s| s.shape.clone()).unwrap();
  let edinburgh_label = good.space("Edi").map(|s| s.label).unwrap();
  for space in &mut board.spaces {
    match space.abbr.as_str() {
      // Holland's tint over the North Sea, Norway's centre onto
      // Edinburgh's name.
      "Hol" => space.shape = Some(north_sea.clone()),
      "Nwy" => space.center = Some([edinburgh_label[0], edinburgh_label[1] + 6.0]),
      _ => {}
    }
  }
  // Tokens are measured where the drawing puts them: two that overlap are
  // seen, two apart are not.
  assert!(Mark::army([0.0, 0.0], 1.0).overlap(Mark::fleet([14.0, 0.0], 1.0)) > TOUCH);
  assert!(Mark::army([0.0, 0.0], 1.0).overlap(Mark::army([11.0, 0.0], 1.0)) > TOUCH);
  assert!(Mark::army([0.0, 0.0], 1.0).overlap(Mark::army([13.0, 0.0], 1.0)) < TOUCH);
  let names = covered_names("standard", map, &board).join("\n");
  assert!(names.contains("Nwy's centre covers"), "{names}");
  assert!(names.contains("of Edi's name"), "{names}");
  let water = tints_over_water("standard", map, &board).join("\n");
  assert!(water.contains("Hol's tint covers"), "{water}");
  assert!(tints_over_water("standard", map, good).is_empty());
}
