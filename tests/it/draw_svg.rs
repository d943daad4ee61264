//! The picture of a position as a player sees it: every variant's start
//! draws, units stand at their provinces, each order is drawn once with
//! its result, centres show their owners, and the PNG for mail is small.
//!
//! `DRAW_SVG_OUT=DIR cargo test --test draw_svg` also writes the pictures
//! to DIR (how `docs/images/standard-spring-1902.png` was made).

use judge::draw::{self, Board, BoardError, DrawnOrder, Scene};
use judge::map::{Location, Map, PowerId, UnitType};
use judge::order::parse_order;
use judge::position::{Dislodged, Position, Unit};

fn standard() -> &'static Map {
  Map::standard().expect("the standard map")
}

fn loc(map: &Map, text: &str) -> Location {
  let (abbr, coast) = match text.split_once('/') {
    Some((a, c)) => (a, judge::map::Coast::from_word(c)),
    None => (text, None),
  };
  let (province, _) = map.match_prefix(abbr).expect("a province");
  Location { province, coast }
}

fn power(map: &Map, name: &str) -> PowerId {
  map.find_power(name).expect("a power")
}

fn unit(map: &Map, who: &str, kind: UnitType, at: &str) -> Unit {
  Unit { power: power(map, who), kind, location: loc(map, at) }
}

/// Units as `Power: A Ser, F Alb; …`.
fn position(map: &Map, phase: &str, units: &str, owners: &str) -> Position {
  let mut position = Position::empty(map, map.parse_phase(phase).expect("a phase"));
  for (who, list) in units.split(';').filter_map(|s| s.split_once(':')) {
    for u in list.split(',') {
      let (k, at) = u.trim().split_once(' ').expect("kind and place");
      let kind = if k == "A" { UnitType::Army } else { UnitType::Fleet };
      position.place(map, unit(map, who.trim(), kind, at)).expect("placed");
    }
  }
  for (who, list) in owners.split(';').filter_map(|s| s.split_once(':')) {
    for c in list.split(',') {
      position.set_owner(loc(map, c.trim()).province, Some(power(map, who.trim())));
    }
  }
  position
}

fn order(map: &Map, position: &Position, who: &str, text: &str, result: &str) -> DrawnOrder {
  DrawnOrder {
    power: power(map, who),
    text: text.to_string(),
    order: parse_order(map, position.phase.kind, text).expect("an order"),
    result: if result.is_empty() { None } else { Some(result.to_string()) },
  }
}

const OWNERS_1902: &str = "Austria: Vie, Bud, Tri, Ser, Gre; England: Lon, Edi, Lvp, Nwy; \
  France: Par, Bre, Mar, Spa, Por; Germany: Ber, Kie, Mun, Den, Hol; \
  Italy: Rom, Ven, Nap, Tun; Russia: Mos, Stp, War, Sev, Rum, Swe; \
  Turkey: Ank, Con, Smy, Bul";

/// Spring 1902, after a usual 1901.
fn spring_1902(map: &Map) -> Position {
  position(
    map,
    "S1902M",
    "Austria: A Ser, A Gal, F Alb, A Bud; England: F Nwy, F Nth, A Yor, F Lon; \
     France: A Bur, A Spa, F Mao, F Bre, A Gas; Germany: A Mun, A Ruh, F Den, F Hol, A Kie; \
     Italy: A Ven, A Tun, F Ion, F Nap; \
     Russia: A Mos, F Sev, F Stp/sc, A War, A Rum, F Swe; \
     Turkey: A Bul, F Ank, A Con, F Bla",
    OWNERS_1902,
  )
}

/// The orders of Spring 1902 with their results: every kind of order.
fn spring_1902_orders(map: &Map, p: &Position) -> Vec<DrawnOrder> {
  [
    ("England", "F Nth C A Yor-Bel", "ok"),
    ("England", "A Yor-Bel", "ok"),
    ("England", "F Lon-Eng", "bounce"),
    ("England", "F Nwy H", "ok"),
    ("France", "A Bur-Bel", "bounce"),
    ("France", "F Bre-Eng", "bounce"),
    ("France", "F Mao-Wes", "ok"),
    ("France", "A Spa H", "ok"),
    ("France", "A Gas S A Bur", "cut"),
    ("Germany", "A Mun-Bur", "ok"),
    ("Germany", "A Ruh S A Mun-Bur", "ok"),
    ("Germany", "F Hol S A Yor-Bel", "ok"),
    ("Austria", "F Alb-Gre", "ok"),
    ("Austria", "A Ser S F Alb-Gre", "ok"),
    ("Austria", "A Gal-Ukr", "bounce"),
    ("Russia", "A Mos-Ukr", "bounce"),
    ("Russia", "F Stp/sc-Bot", "ok"),
    ("Russia", "F Sev S A Rum", "ok"),
    ("Turkey", "A Bul-Rum", "bounce"),
    ("Turkey", "F Bla S A Bul-Rum", "ok"),
    ("Italy", "F Ion-Aeg", "ok"),
  ]
  .iter()
  .map(|(who, text, result)| order(map, p, who, text, result))
  .collect()
}

fn bur_dislodged(map: &Map) -> Dislodged {
  Dislodged {
    unit: unit(map, "France", UnitType::Army, "Bur"),
    attacker_from: Some(loc(map, "Mun").province),
    retreats: ["Par", "Pic", "Mar"].iter().map(|p| loc(map, p)).collect(),
  }
}

/// Writes a picture to `$DRAW_SVG_OUT` when set, to look at it.
fn keep(name: &str, svg: &str) {
  if let Ok(dir) = std::env::var("DRAW_SVG_OUT") {
    let dir = std::path::Path::new(&dir);
    std::fs::create_dir_all(dir).expect("the output directory");
    std::fs::write(dir.join(format!("{name}.svg")), svg).expect("the SVG written");
    let png = draw::png(svg, draw::PNG_SCALE).expect("a PNG");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the PNG written");
  }
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
  roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}"))
}

/// `(x, y)` of a `translate(x,y)` transform.
fn translate(node: roxmltree::Node<'_, '_>) -> [f64; 2] {
  let t = node.attribute("transform").expect("a transform");
  let inner = t.trim_start_matches("translate(").trim_end_matches(')');
  let (x, y) = inner.split_once(',').expect("x,y");
  [x.parse().expect("x"), y.parse().expect("y")]
}

/// Checks each unit element against the position: same units, and each
/// drawn close to its board point.
fn check_units(map: &Map, board: &Board, position: &Position, doc: &roxmltree::Document<'_>) {
  let tokens: Vec<_> = doc
    .descendants()
    .filter(|n| n.has_attribute("data-unit") && !n.has_attribute("data-dislodged"))
    .collect();
  assert_eq!(tokens.len(), position.units().count(), "one token per unit on {}", map.name());
  for unit in position.units() {
    let at = map.location_abbr(unit.location);
    let token = tokens
      .iter()
      .find(|n| n.attribute("data-location") == Some(at.as_str()))
      .unwrap_or_else(|| panic!("no token at {at} on {}", map.name()));
    assert_eq!(token.attribute("data-power"), Some(map.power(unit.power).name.as_str()));
    assert_eq!(token.attribute("data-unit"), Some(unit.kind.letter().to_string().as_str()));
    let [bx, by] = board.unit_point(map, unit.location).expect("a point");
    let [x, y] = translate(*token);
    // Lifted 3 units and moved at most 16 clear of its neighbours (and
    // only on its own province: tests/board_geometry.rs).
    let near = 19.5 * board.token_scale;
    assert!(
      (x - bx).abs() <= near && (y - by).abs() <= near,
      "{at} on {} drawn at {x},{y}, its point is {bx},{by}",
      map.name()
    );
  }
}

#[test]
fn every_variant_draws_its_starting_position() {
  let mut drawn = 0;
  for info in Map::variants() {
    let map = Map::builtin(info.key).expect("a built-in map");
    let board = match Board::for_map(map) {
      Ok(board) => board,
      Err(BoardError::Missing(_)) => continue,
      Err(e) => panic!("{}: {e}", info.key),
    };
    let position = Position::initial(map).expect("a starting position");
    let scene = Scene {
      map,
      title: format!("{}, {}", map.name(), position.phase),
      position: &position,
      dislodged: &[],
      orders: Vec::new(),
    };
    let svg = draw::svg(&scene).unwrap_or_else(|e| panic!("{}: {e}", info.key));
    keep(&format!("start-{}", info.key), &svg);
    let doc = parse(&svg);
    check_units(map, board, &position, &doc);
    let centres = doc.descendants().filter(|n| n.has_attribute("data-center")).count();
    assert_eq!(centres, map.supply_centers().count(), "{}: one marker per centre", info.key);
    drawn += 1;
  }
  assert!(drawn >= 1, "the standard board at least");
}

#[test]
fn a_movement_phase_draws_each_order_once_with_its_result() {
  let map = standard();
  let board = Board::for_map(map).expect("the standard board");
  let p = spring_1902(map);
  let orders = spring_1902_orders(map, &p);
  let dislodged = [bur_dislodged(map)];
  let scene = Scene {
    map,
    title: "Game 'alpha', Standard, Spring 1902 movement".into(),
    position: &p,
    dislodged: &dislodged,
    orders: orders.clone(),
  };
  let svg = draw::svg(&scene).expect("drawn");
  keep("standard-spring-1902", &svg);
  let doc = parse(&svg);
  check_units(map, board, &p, &doc);
  for o in &orders {
    let drawn: Vec<_> =
      doc.descendants().filter(|n| n.attribute("data-order") == Some(o.text.as_str())).collect();
    assert_eq!(drawn.len(), 1, "{} drawn once", o.text);
    assert_eq!(drawn[0].attribute("data-result"), o.result.as_deref(), "{}", o.text);
    assert!(drawn[0].children().any(|c| c.is_element()), "{} has a mark", o.text);
  }
  // A failed move is drawn dashed; a successful one solid.
  let dashed = |text: &str| {
    doc
      .descendants()
      .find(|n| n.attribute("data-order") == Some(text))
      .expect("the order")
      .descendants()
      .any(|n| n.has_attribute("stroke-dasharray"))
  };
  assert!(dashed("A Bur-Bel"));
  assert!(!dashed("A Mun-Bur"));
  // The dislodged army stands beside Burgundy, with its three ways out.
  let beside: Vec<_> = doc.descendants().filter(|n| n.has_attribute("data-dislodged")).collect();
  assert_eq!(beside.len(), 1);
  assert_eq!(beside[0].attribute("data-location"), Some("Bur"));
  assert_eq!(beside[0].attribute("data-power"), Some("France"));
  let options: Vec<_> = doc
    .descendants()
    .filter(|n| n.attribute("data-retreat-from") == Some("Bur"))
    .filter_map(|n| n.attribute("data-retreat-to"))
    .collect();
  assert_eq!(options, ["Par", "Pic", "Mar"]);
}

#[test]
fn a_split_coast_fleet_is_drawn_on_its_coast() {
  let map = standard();
  let board = Board::for_map(map).expect("the standard board");
  let p = spring_1902(map);
  let scene =
    Scene { map, title: "coasts".into(), position: &p, dislodged: &[], orders: Vec::new() };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let token = doc
    .descendants()
    .find(|n| n.attribute("data-location") == Some("Stp/sc"))
    .expect("the fleet on St Petersburg's south coast");
  let [x, y] = translate(token);
  let [cx, cy] = board.unit_point(map, loc(map, "Stp/sc")).expect("the coast's point");
  let [px, py] = board.unit_point(map, loc(map, "Stp")).expect("the province's point");
  assert!((x - cx).hypot(y - cy) < (x - px).hypot(y - py), "nearer the coast than the middle");
}

#[test]
fn centres_carry_their_owners() {
  let map = standard();
  let p = spring_1902(map);
  let scene =
    Scene { map, title: "owners".into(), position: &p, dislodged: &[], orders: Vec::new() };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let mut seen = 0;
  for node in doc.descendants().filter(|n| n.has_attribute("data-center")) {
    let abbr = node.attribute("data-center").expect("an abbreviation");
    let (province, _) = map.match_prefix(abbr).expect("a centre of the map");
    let owner = p.owner(province).map_or("", |o| map.power(o).name.as_str());
    assert_eq!(node.attribute("data-owner"), Some(owner), "{abbr}");
    seen += 1;
  }
  assert_eq!(seen, 34);
  // Belgium is nobody's yet: a neutral centre.
  assert!(doc
    .descendants()
    .any(|n| n.attribute("data-center") == Some("Bel") && n.attribute("data-owner") == Some("")));
  // The legend counts Russia's six centres and six units.
  let russia = doc
    .descendants()
    .find(|n| n.attribute("data-legend") == Some("Russia"))
    .expect("Russia in the legend");
  assert_eq!(russia.attribute("data-centers"), Some("6"));
  assert_eq!(russia.attribute("data-units"), Some("6"));
}

#[test]
fn a_retreat_phase_draws_the_retreat_and_the_disband() {
  let map = standard();
  let mut p = position(
    map,
    "S1902R",
    "England: A Bel, F Nth; Germany: A Bur, A Ruh; Russia: F Bla; Turkey: A Bul",
    OWNERS_1902,
  );
  p.dislodged = vec![
    bur_dislodged(map),
    Dislodged {
      unit: unit(map, "Turkey", UnitType::Fleet, "Ank"),
      attacker_from: Some(loc(map, "Bla").province),
      retreats: Vec::new(),
    },
  ];
  let orders = vec![
    order(map, &p, "France", "A Bur-Par", "ok"),
    order(map, &p, "Turkey", "F Ank disband", "ok"),
  ];
  let scene = Scene {
    map,
    title: "Spring 1902 retreats".into(),
    position: &p,
    dislodged: &[],
    orders: orders.clone(),
  };
  let svg = draw::svg(&scene).expect("drawn");
  keep("standard-spring-1902-retreats", &svg);
  let doc = parse(&svg);
  for o in &orders {
    let found: Vec<_> =
      doc.descendants().filter(|n| n.attribute("data-order") == Some(o.text.as_str())).collect();
    assert_eq!(found.len(), 1, "{}", o.text);
    assert_eq!(found[0].attribute("data-result"), Some("ok"));
  }
  let classes: Vec<_> = doc
    .descendants()
    .filter(|n| n.has_attribute("data-order"))
    .filter_map(|n| n.attribute("class"))
    .collect();
  assert_eq!(classes, ["order retreat", "order disband"]);
  // Both dislodged units beside their provinces, the retreat leaving from
  // the French army's token.
  let tokens: Vec<_> = doc.descendants().filter(|n| n.has_attribute("data-dislodged")).collect();
  assert_eq!(tokens.len(), 2);
  let army = tokens.iter().find(|n| n.attribute("data-location") == Some("Bur")).expect("Bur");
  let [x, y] = translate(*army);
  let retreat = doc
    .descendants()
    .find(|n| n.attribute("data-order") == Some("A Bur-Par"))
    .expect("the retreat");
  let d = retreat.descendants().find_map(|n| n.attribute("d")).expect("a path");
  let (sx, sy) = d
    .trim_start_matches('M')
    .split(['L', ' '])
    .next()
    .and_then(|p| p.split_once(','))
    .expect("a start");
  let [sx, sy]: [f64; 2] = [sx.parse().expect("x"), sy.parse().expect("y")];
  assert!((sx - x).hypot(sy - y) < 1.0, "the retreat starts at {sx},{sy}, the token is at {x},{y}");
}

#[test]
fn an_adjustment_phase_draws_builds_and_removals() {
  let map = standard();
  let p = position(
    map,
    "W1902A",
    "France: A Bur, F Mao; Turkey: A Con, A Bul, F Bla",
    "France: Par, Bre, Mar; Turkey: Ank, Smy",
  );
  let orders = vec![
    order(map, &p, "France", "Build A Par", "ok"),
    order(map, &p, "France", "Build F Bre", ""),
    order(map, &p, "Turkey", "Remove A Con", "ok"),
    order(map, &p, "England", "Waive", ""),
  ];
  let scene = Scene {
    map,
    title: "Winter 1902 adjustments".into(),
    position: &p,
    dislodged: &[],
    orders: orders.clone(),
  };
  let svg = draw::svg(&scene).expect("drawn");
  keep("standard-winter-1902", &svg);
  let doc = parse(&svg);
  let class = |text: &str| {
    let found: Vec<_> =
      doc.descendants().filter(|n| n.attribute("data-order") == Some(text)).collect();
    assert_eq!(found.len(), 1, "{text} drawn once");
    found[0].attribute("class").unwrap_or("").to_string()
  };
  assert_eq!(class("Build A Par"), "order build");
  assert_eq!(class("Build F Bre"), "order build");
  assert_eq!(class("Remove A Con"), "order remove");
  assert_eq!(class("Waive"), "order note");
  // A build is drawn even though no unit stands there yet, and is not a
  // unit of the position.
  check_units(map, Board::for_map(map).expect("board"), &p, &doc);
  let results: Vec<_> = doc
    .descendants()
    .filter(|n| n.attribute("data-order") == Some("Build F Bre"))
    .filter_map(|n| n.attribute("data-result"))
    .collect();
  assert_eq!(results, [""]);
}

#[test]
fn text_is_escaped() {
  let map = standard();
  let p = Position::initial(map).expect("the start");
  let title = "Game 'a<b' & \"c>d\"".to_string();
  let scene = Scene { map, title: title.clone(), position: &p, dislodged: &[], orders: Vec::new() };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let texts: Vec<_> = doc.descendants().filter_map(|n| n.text()).collect();
  assert!(texts.contains(&title.as_str()), "the title as written");
}

#[test]
fn the_picture_has_a_size_and_only_our_font() {
  let map = standard();
  let p = Position::initial(map).expect("the start");
  let scene = Scene { map, title: "size".into(), position: &p, dislodged: &[], orders: Vec::new() };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let root = doc.root_element();
  let width: f64 = root.attribute("width").expect("a width").parse().expect("pixels");
  let view: Vec<f64> = root
    .attribute("viewBox")
    .expect("a view box")
    .split(' ')
    .map(|v| v.parse().expect("a number"))
    .collect();
  assert!((width / view[2] - 1.6).abs() < 0.05, "{width} pixels for {} units", view[2]);
  for node in doc.descendants().filter(|n| n.has_attribute("font-family")) {
    assert_eq!(node.attribute("font-family"), Some(draw::FONT_FAMILY));
  }
  assert!(root.has_attribute("font-family"));
}

#[test]
fn a_mid_game_png_is_small_and_of_the_svg_size() {
  let map = standard();
  let p = spring_1902(map);
  let orders = spring_1902_orders(map, &p);
  let dislodged = [bur_dislodged(map)];
  let scene = Scene {
    map,
    title: "Game 'alpha', Standard, Spring 1902 movement".into(),
    position: &p,
    dislodged: &dislodged,
    orders,
  };
  let svg = draw::svg(&scene).expect("drawn");
  let png = draw::png(&svg, draw::PNG_SCALE).expect("rendered");
  eprintln!("PNG: {} bytes", png.len());
  assert!(png.len() < 150 * 1024, "{} bytes", png.len());
  let doc = parse(&svg);
  let size = |name: &str| -> u32 {
    let pixels: f32 = doc.root_element().attribute(name).expect("a size").parse().expect("pixels");
    (pixels * draw::PNG_SCALE).round() as u32
  };
  let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a PNG");
  assert_eq!((pixmap.width(), pixmap.height()), (size("width"), size("height")));
}

/// The vertices of a path made of `M`/`L` commands (`M1,2L3,4`).
fn path_points(d: &str) -> Vec<[f64; 2]> {
  d.split(['M', 'L'])
    .filter(|s| !s.trim().is_empty())
    .map(|pair| {
      let (x, y) = pair.trim().split_once(',').expect("x,y");
      [x.parse().expect("x"), y.parse().expect("y")]
    })
    .collect()
}

/// The distance from `p` to the polyline `line`.
fn distance_to_line(p: [f64; 2], line: &[[f64; 2]]) -> f64 {
  line
    .windows(2)
    .map(|w| {
      let ([ax, ay], [bx, by]) = (w[0], w[1]);
      let [dx, dy] = [bx - ax, by - ay];
      let len2 = dx * dx + dy * dy;
      let t = if len2 > 0.0 {
        (((p[0] - ax) * dx + (p[1] - ay) * dy) / len2).clamp(0.0, 1.0)
      } else {
        0.0
      };
      (p[0] - ax - t * dx).hypot(p[1] - ay - t * dy)
    })
    .fold(f64::INFINITY, f64::min)
}

#[test]
fn a_failed_convoyed_move_shows_its_dashes_and_its_cross() {
  let map = standard();
  let p = position(map, "S1901M", "England: A Yor, F Nth, F Nwg; Russia: A Nwy, F Ska", "");
  let orders = vec![
    order(map, &p, "England", "A Yor - Nwy", "bounce"),
    order(map, &p, "England", "F Nth C A Yor - Nwy", "ok"),
    order(map, &p, "England", "F Nwg S A Yor - Nwy", "ok"),
    order(map, &p, "Russia", "A Nwy H", "ok"),
    order(map, &p, "Russia", "F Ska S A Nwy", "ok"),
  ];
  let scene = Scene { map, title: "convoy".into(), position: &p, dislodged: &[], orders };
  let svg = draw::svg(&scene).expect("drawn");
  keep("failed-convoy", &svg);
  let doc = parse(&svg);
  let group = |text: &str| {
    doc.descendants().find(|n| n.attribute("data-order") == Some(text)).expect("the order")
  };
  let (moved, convoy) = (group("A Yor - Nwy"), group("F Nth C A Yor - Nwy"));
  let cross = moved
    .descendants()
    .find(|n| n.attribute("stroke") == Some("#b00000"))
    .expect("the failed move has a cross");
  // Nothing of the convoy is drawn over the cross, and the cross is not paled.
  let last_convoy = convoy.descendants().next_back().expect("the convoy is drawn");
  assert!(last_convoy.range().end < cross.range().start, "the convoy is drawn over the cross");
  let pale = cross.ancestors().any(|n| n.attribute("opacity").is_some_and(|o| o != "1"));
  assert!(!pale, "the cross is at full strength");
  // The beads run beside the arrow, so its dashes stay visible.
  let arrow = moved
    .descendants()
    .find(|n| n.has_attribute("marker-end"))
    .and_then(|n| n.attribute("d"))
    .map(path_points)
    .expect("the move's arrow");
  let beads = convoy
    .descendants()
    .find(|n| n.has_attribute("marker-end"))
    .and_then(|n| n.attribute("d"))
    .map(path_points)
    .expect("the convoy's line");
  for bead in &beads {
    let d = distance_to_line(*bead, &arrow);
    assert!(d >= 4.0, "the convoy's line runs {d:.1} from the arrow at {bead:?}");
  }
}

/// A picture rendered as the judge mails it, with the scale from board
/// units to its pixels.
struct Raster {
  width: usize,
  height: usize,
  channels: usize,
  rgba: Vec<u8>,
  origin: [f64; 2],
  scale: f64,
}

impl Raster {
  fn of(svg: &str) -> Raster {
    let png = draw::png(svg, draw::PNG_SCALE).expect("a PNG");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut rgba = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut rgba).expect("the image");
    let channels = match info.color_type {
      png::ColorType::Rgba => 4,
      png::ColorType::Rgb => 3,
      other => panic!("a colour PNG, not {other:?}"),
    };
    let doc = parse(svg);
    let root = doc.root_element();
    let view: Vec<f64> = root
      .attribute("viewBox")
      .expect("a viewBox")
      .split_whitespace()
      .map(|v| v.parse().expect("a number"))
      .collect();
    let scale = info.width as f64 / view[2];
    Raster {
      width: info.width as usize,
      height: info.height as usize,
      channels,
      rgba,
      origin: [view[0], view[1]],
      scale,
    }
  }

  /// The colour of pixel `(x, y)`.
  fn at_pixel(&self, x: usize, y: usize) -> [f64; 3] {
    let i = (y * self.width + x) * self.channels;
    [self.rgba[i] as f64, self.rgba[i + 1] as f64, self.rgba[i + 2] as f64]
  }

  /// The pixel of board point `p`.
  fn pixel(&self, p: [f64; 2]) -> [i64; 2] {
    [((p[0] - self.origin[0]) * self.scale) as i64, ((p[1] - self.origin[1]) * self.scale) as i64]
  }
}

fn hex_rgb(color: &str) -> [f64; 3] {
  let h = color.trim_start_matches('#');
  let c = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).expect("hex") as f64;
  [c(0), c(2), c(4)]
}

fn rgb_distance(a: [f64; 3], b: [f64; 3]) -> f64 {
  ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How a new unit reads at the mailed size: the width over the height of
/// the patch of its power's colour around its place, and how far (in RGB)
/// what lies just outside that patch is from the colour.
fn build_reading(svg: &str, raster: &Raster, power: &str, order: &str) -> (f64, f64) {
  let doc = parse(svg);
  let group = doc
    .descendants()
    .find(|n| n.attribute("data-order") == Some(order))
    .unwrap_or_else(|| panic!("{order} drawn"));
  let token = group.descendants().find(|n| n.has_attribute("transform")).expect("a token");
  // The power's colour, as its units on the board wear it.
  let fill = doc
    .descendants()
    .filter(|n| n.has_attribute("data-unit") && n.attribute("data-power") == Some(power))
    .find_map(|n| n.first_element_child().and_then(|c| c.attribute("fill")))
    .expect("a unit of the power on the board");
  let color = hex_rgb(fill);
  let [cx, cy] = raster.pixel(translate(token));
  let reach = (12.0 * raster.scale) as i64;
  let inside = |x: i64, y: i64| (x - cx).abs() <= reach && (y - cy).abs() <= reach;
  let ours = |x: i64, y: i64| {
    x >= 0
      && y >= 0
      && (x as usize) < raster.width
      && (y as usize) < raster.height
      && rgb_distance(raster.at_pixel(x as usize, y as usize), color) < 60.0
  };
  // The patch: the pixels of the colour connected to the token's middle.
  let mut seen = std::collections::HashSet::new();
  // Seeded all round the letter, which splits the patch.
  let near = (3.0 * raster.scale) as i64;
  let mut todo: Vec<[i64; 2]> = (-near..=near)
    .flat_map(|dy| (-near..=near).map(move |dx| [cx + dx, cy + dy]))
    .filter(|&[x, y]| ours(x, y))
    .collect();
  assert!(!todo.is_empty(), "{order}: no pixel of its colour near the token's middle");
  let (mut x0, mut x1, mut y0, mut y1) = (cx, cx, cy, cy);
  while let Some([x, y]) = todo.pop() {
    if !inside(x, y) || !ours(x, y) || !seen.insert([x, y]) {
      continue;
    }
    (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    todo.extend([[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]);
  }
  let aspect = (x1 - x0 + 1) as f64 / (y1 - y0 + 1) as f64;
  // What surrounds the patch, a little beyond its outline.
  let step = (2.2 * raster.scale).round() as i64;
  let (mut sum, mut count) = (0.0, 0);
  for &[x, y] in &seen {
    for [dx, dy] in [[step, 0], [-step, 0], [0, step], [0, -step]] {
      let [nx, ny] = [x + dx, y + dy];
      if seen.contains(&[nx, ny]) || !inside(nx, ny) {
        continue;
      }
      // Skip the dark outline itself: look past it.
      sum += rgb_distance(raster.at_pixel(nx as usize, ny as usize), color);
      count += 1;
    }
  }
  (aspect, sum / count.max(1) as f64)
}

#[test]
fn builds_show_army_or_fleet_and_stand_out_on_their_own_colour() {
  let map = standard();
  let p = position(
    map,
    "W1902A",
    "France: A Bur; Russia: A Ukr; Germany: A Ruh",
    "France: Par, Bre, Mar, Spa; Russia: Stp, Mos, Sev, War; Germany: Ber, Kie, Mun, Hol",
  );
  let orders = vec![
    order(map, &p, "France", "Build A Par", "ok"),
    order(map, &p, "France", "Build F Bre", "ok"),
    order(map, &p, "Russia", "Build A Mos", "ok"),
    order(map, &p, "Russia", "Build F Sev", "ok"),
    order(map, &p, "Germany", "Build A Ber", "ok"),
    order(map, &p, "Germany", "Build F Kie", "ok"),
  ];
  let scene = Scene { map, title: "builds".into(), position: &p, dislodged: &[], orders };
  let svg = draw::svg(&scene).expect("drawn");
  keep("builds", &svg);
  let raster = Raster::of(&svg);
  let mut wrong = Vec::new();
  for (power, army, fleet) in
    [("France", "A Par", "F Bre"), ("Russia", "A Mos", "F Sev"), ("Germany", "A Ber", "F Kie")]
  {
    let (army, fleet) = (format!("Build {army}"), format!("Build {fleet}"));
    let (a_shape, a_edge) = build_reading(&svg, &raster, power, &army);
    let (f_shape, f_edge) = build_reading(&svg, &raster, power, &fleet);
    eprintln!("{army}: {a_shape:.2} {a_edge:.0}; {fleet}: {f_shape:.2} {f_edge:.0}");
    if a_shape > 1.2 || f_shape < 1.55 {
      wrong.push(format!("{army} is {a_shape:.2} wide to high, {fleet} {f_shape:.2}"));
    }
    for (what, edge) in [(&army, a_edge), (&fleet, f_edge)] {
      if edge < 150.0 {
        wrong.push(format!("{what} is set off from what surrounds it by only {edge:.0}"));
      }
    }
  }
  assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What an order's drawing looks like, ignoring where: each element's
/// name and paint, the paint inherited from its groups included.
fn look(node: roxmltree::Node<'_, '_>) -> Vec<String> {
  let paint = |n: roxmltree::Node<'_, '_>, attribute: &str| {
    n.ancestors().find_map(|a| a.attribute(attribute)).unwrap_or("").to_string()
  };
  node
    .descendants()
    .filter(|n| n.is_element())
    .map(|n| {
      format!(
        "{} stroke={} fill={} dash={} opacity={}",
        n.tag_name().name(),
        paint(n, "stroke"),
        paint(n, "fill"),
        paint(n, "stroke-dasharray"),
        paint(n, "opacity")
      )
    })
    .collect()
}

#[test]
fn an_invalid_order_is_not_drawn_like_a_cut_support() {
  let map = standard();
  let p = position(map, "S1901M", "France: A Gas, A Bur, A Par, A Mar; Germany: A Mun", "");
  let orders = vec![
    order(map, &p, "France", "A Gas S A Bur", "cut"),
    order(map, &p, "France", "A Par S A Mar", "invalid"),
    order(map, &p, "France", "A Bur H", "ok"),
    order(map, &p, "France", "A Mar H", "ok"),
    order(map, &p, "Germany", "A Mun - Bur", "bounce"),
  ];
  let scene = Scene { map, title: "invalid".into(), position: &p, dislodged: &[], orders };
  let svg = draw::svg(&scene).expect("drawn");
  keep("invalid-and-cut", &svg);
  let doc = parse(&svg);
  let group = |text: &str| {
    doc.descendants().find(|n| n.attribute("data-order") == Some(text)).expect("the order")
  };
  let (cut, refused) = (look(group("A Gas S A Bur")), look(group("A Par S A Mar")));
  assert_ne!(cut, refused, "the invalid support looks like the cut one");
  let colors = |lines: &[String]| {
    lines.iter().filter(|l| l.contains("stroke=#") && !l.contains("stroke=#1a1a1a")).count()
  };
  assert!(colors(&refused) > 0);
  let french = doc
    .descendants()
    .find(|n| n.attribute("data-power") == Some("France"))
    .and_then(|n| n.first_element_child())
    .and_then(|n| n.attribute("fill"))
    .expect("France's colour");
  assert!(
    !refused.iter().any(|l| l.contains(&format!("stroke={french} "))),
    "an invalid order is not in its power's colour: {refused:#?}"
  );
}

#[test]
fn retreat_options_are_solid_lines_unlike_supports() {
  let map = standard();
  let p = spring_1902(map);
  let orders = spring_1902_orders(map, &p);
  let dislodged = [bur_dislodged(map)];
  let scene = Scene { map, title: "retreats".into(), position: &p, dislodged: &dislodged, orders };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let options: Vec<_> =
    doc.descendants().filter(|n| n.attribute("data-retreat-from") == Some("Bur")).collect();
  assert_eq!(options.len(), 3);
  let supports: Vec<Vec<String>> = doc
    .descendants()
    .filter(|n| n.attribute("class") == Some("order support"))
    .map(|n| look(n).into_iter().filter(|l| l.starts_with("path")).collect())
    .collect();
  for option in options {
    let lines: Vec<String> = look(option).into_iter().filter(|l| l.starts_with("path")).collect();
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| l.contains("dash= ")), "solid, not dotted: {lines:?}");
    let widest = option
      .descendants()
      .filter_map(|n| n.attribute("stroke-width").and_then(|w| w.parse::<f64>().ok()))
      .fold(0.0, f64::max);
    assert!(widest >= 2.0, "a retreat option is a line, not a hairline: {widest}");
    for support in &supports {
      assert!(lines.iter().all(|l| !support.contains(l)), "drawn like a support: {lines:?}");
    }
  }
}

#[test]
fn the_legend_lists_each_row_once_and_only_powers_still_in_the_game() {
  // Sengoku has a power called Neutral: the unowned centres' row is not a
  // second "Neutral".
  let map = Map::builtin("sengoku").expect("Sengoku");
  let p = Position::initial(map).expect("the start");
  let scene = Scene { map, title: "sengoku".into(), position: &p, dislodged: &[], orders: vec![] };
  let svg = draw::svg(&scene).expect("drawn");
  let doc = parse(&svg);
  let names: Vec<&str> = doc
    .descendants()
    .filter(|n| n.has_attribute("data-legend"))
    .filter_map(|n| {
      n.descendants().find(|t| {
        t.has_tag_name("text")
          && t.attribute("font-weight") == Some("bold")
          && t.attribute("fill") == Some("#1a1a1a")
      })
    })
    .filter_map(|t| t.text())
    .collect();
  let mut unique = names.clone();
  unique.sort_unstable();
  unique.dedup();
  assert_eq!(names.len(), map.powers().len() + 1, "a row per power and the unowned: {names:?}");
  assert_eq!(unique.len(), names.len(), "a name twice in the legend: {names:?}");

  // Chaos: a power with no centre and no unit left is not listed.
  let map = Map::builtin("chaos").expect("Chaos");
  let mut p = Position::initial(map).expect("the start");
  let gone: Vec<PowerId> = map.power_ids().take(5).collect();
  for &power in &gone {
    for unit in p.units_of(power).collect::<Vec<_>>() {
      p.remove(unit.location.province);
    }
    for centre in p.centers_of(map, power).collect::<Vec<_>>() {
      p.set_owner(centre, None);
    }
  }
  let scene = Scene { map, title: "chaos".into(), position: &p, dislodged: &[], orders: vec![] };
  let svg = draw::svg(&scene).expect("drawn");
  let listed: Vec<String> = parse(&svg)
    .descendants()
    .filter_map(|n| n.attribute("data-legend").filter(|l| !l.is_empty()).map(str::to_string))
    .collect();
  assert_eq!(listed.len(), map.powers().len() - gone.len(), "{listed:?}");
  for power in gone {
    assert!(!listed.contains(&map.power(power).name), "{} is out", map.power(power).name);
  }
}

#[test]
fn every_place_a_unit_can_border_is_named() {
  let mut missing = Vec::new();
  for key in Map::builtin_names() {
    let map = Map::builtin(key).expect("a map");
    let p = Position::initial(map).expect("the start");
    let scene = Scene { map, title: key.into(), position: &p, dislodged: &[], orders: vec![] };
    let svg = draw::svg(&scene).expect("drawn");
    let doc = parse(&svg);
    let names: std::collections::HashSet<&str> = doc
      .descendants()
      .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("names"))
      .flat_map(|g| g.children().filter_map(|t| t.text()))
      .collect();
    for id in map.province_ids() {
      let province = map.province(id);
      let bordered = !map.fleet_neighbours(Location::province(id)).is_empty()
        || !map.army_neighbours(id).is_empty();
      if bordered && !names.contains(province.abbr.as_str()) {
        missing.push(format!("{key}: {} ({})", province.abbr, province.name));
      }
    }
  }
  assert!(missing.is_empty(), "unnamed: {missing:?}");
}

/// The drawn segments of a path of `M`/`L` commands (a new `M` starts a
/// new piece: no segment joins the pieces).
fn path_segments(d: &str) -> Vec<[[f64; 2]; 2]> {
  let mut segments = Vec::new();
  for piece in d.split('M').filter(|p| !p.trim().is_empty()) {
    let points = path_points(&format!("M{piece}"));
    segments.extend(points.windows(2).map(|w| [w[0], w[1]]));
  }
  segments
}

/// The even-odd test of `p` against a shape's rings (`M…L…Z`).
fn in_shape(p: [f64; 2], d: &str) -> bool {
  let mut inside = false;
  for ring in d.split('Z').filter(|r| !r.trim().is_empty()) {
    let points = path_points(ring);
    for i in 0..points.len() {
      let (a, b) = (points[i], points[(i + 1) % points.len()]);
      if (a[1] > p[1]) != (b[1] > p[1])
        && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
      {
        inside = !inside;
      }
    }
  }
  inside
}

#[test]
fn a_convoyed_move_is_drawn_over_the_sea() {
  let map = standard();
  let board = Board::for_map(map).expect("the standard board");
  let shape = |abbr: &str| board.space(abbr).and_then(|s| s.shape.clone()).expect("a shape");
  let seas: Vec<String> = map
    .provinces()
    .iter()
    .filter(|p| p.terrain == judge::map::Terrain::Sea)
    .map(|p| shape(&p.abbr))
    .collect();
  let mut over_land = Vec::new();
  // With the convoying fleets on the board but their orders not drawn,
  // and with no fleets at all.
  for (army, to, fleets) in [
    ("Bre", "Lvp", "F Mao, F Iri"),
    ("Lon", "Nwy", "F Nth"),
    ("Nap", "Spa", "F Tys, F Wes"),
    ("Tun", "Syr", "F Ion, F Eas"),
    ("Bre", "Lvp", ""),
    ("Edi", "Hol", ""),
  ] {
    let units = if fleets.is_empty() {
      format!("England: A {army}")
    } else {
      format!("England: A {army}, {fleets}")
    };
    let p = position(map, "S1901M", &units, "");
    let text = format!("A {army} - {to}");
    let orders = vec![order(map, &p, "England", &text, "")];
    let scene = Scene { map, title: "convoy".into(), position: &p, dislodged: &[], orders };
    let svg = draw::svg(&scene).expect("drawn");
    let doc = parse(&svg);
    let arrow = doc
      .descendants()
      .find(|n| n.attribute("data-order") == Some(text.as_str()))
      .and_then(|g| g.descendants().find(|n| n.has_attribute("marker-end")))
      .and_then(|n| n.attribute("d"))
      .map(path_segments)
      .expect("the arrow");
    let ends = [shape(army), shape(to)];
    let (first, last) = (arrow[0][0], arrow[arrow.len() - 1][1]);
    for [a, b] in &arrow {
      for k in 0..=20 {
        let t = k as f64 / 20.0;
        let q = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        let near_end = [first, last].iter().any(|e| (e[0] - q[0]).hypot(e[1] - q[1]) < 10.0);
        // Over water, or within the arrow's own width of it.
        let wet = (0..9).any(|k| {
          let angle = k as f64 * std::f64::consts::PI / 4.0;
          let r = if k == 8 { 0.0 } else { 3.0 };
          let q = [q[0] + r * angle.cos(), q[1] + r * angle.sin()];
          seas.iter().chain(&ends).any(|s| in_shape(q, s))
        });
        if !near_end && !wet {
          over_land.push(format!("{text} ({fleets}) crosses land at {q:?}"));
          break;
        }
      }
    }
  }
  assert!(over_land.is_empty(), "{}", over_land.join("\n"));
}

#[test]
fn a_move_round_the_world_leaves_by_one_edge_and_comes_in_by_the_other() {
  let map = Map::builtin("imperial").expect("Imperial");
  let board = Board::for_map(map).expect("its board");
  let width = board.view_box[2];
  // Every pair of neighbours drawn more than half the board apart.
  let mut pairs = Vec::new();
  for id in map.province_ids() {
    let here = Location::province(id);
    for there in map.fleet_neighbours(here) {
      let (Some(a), Some(b)) = (board.unit_point(map, here), board.unit_point(map, *there)) else {
        continue;
      };
      if (a[0] - b[0]).abs() > width / 2.0 {
        pairs.push((map.province(id).abbr.clone(), map.location_abbr(*there)));
      }
    }
  }
  assert!(!pairs.is_empty(), "Imperial wraps round the Pacific");
  for (from, to) in pairs {
    let p = position(map, "S1901M", &format!("{}: F {from}", map.powers()[0].name), "");
    let text = format!("F {from} - {to}");
    let orders = vec![order(map, &p, &map.powers()[0].name, &text, "bounce")];
    let scene = Scene { map, title: "wrap".into(), position: &p, dislodged: &[], orders };
    let svg = draw::svg(&scene).expect("drawn");
    let doc = parse(&svg);
    let group = doc.descendants().find(|n| n.attribute("data-order") == Some(text.as_str()));
    let group = group.expect("the order");
    for path in group.descendants().filter_map(|n| n.attribute("d")) {
      for [a, b] in path_segments(path) {
        let long = (a[0] - b[0]).abs();
        assert!(long < width / 2.0, "{text}: a segment {long:.0} long across a {width:.0} board");
      }
    }
  }
}
