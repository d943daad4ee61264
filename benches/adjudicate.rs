//! Adjudication speed: a crowded movement phase through the resolver (on
//! the standard map, Chaos and the largest map, Imperial), the
//! whole DATC v3 suite through the JSON face, and a 1,000-line JSON Lines
//! stream through `interchange::run`. Inputs are built up front from a
//! seeded generator so runs compare; measurement times are short so CI can
//! afford `cargo bench --bench adjudicate`.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "../tests/it/support/datc.rs"]
mod datc;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use judge::adjudicate::{self, Rules};
use judge::interchange::{self, Request};
use judge::map::{Location, Map, ProvinceId, Terrain, UnitType};
use judge::order::{Order, UnitOrder, Via};
use judge::position::{Position, Unit};

/// xorshift64: enough randomness for benchmark inputs, and reproducible.
struct Rng(u64);

impl Rng {
  fn next(&mut self) -> u64 {
    let mut x = self.0;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    self.0 = x;
    x
  }

  fn below(&mut self, n: usize) -> usize {
    if n == 0 {
      0
    } else {
      (self.next() % n as u64) as usize
    }
  }

  fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[self.below(items.len())])
  }
}

fn standard() -> &'static Map {
  Map::standard().expect("the standard map loads")
}

/// The 22 starting units plus `extra` more, each on an empty space it can
/// stand on, supply centres first.
fn crowded_position(map: &Map, rng: &mut Rng, extra: usize) -> Position {
  let mut position = Position::initial(map).expect("the initial position");
  let mut spaces: Vec<ProvinceId> = map.supply_centers().collect();
  spaces.extend(map.province_ids().filter(|&p| !map.province(p).supply_center));
  let powers: Vec<_> = map.power_ids().collect();
  let mut placed = 0;
  let start = rng.below(spaces.len());
  for offset in 0..spaces.len() {
    if placed == extra {
      break;
    }
    let province = spaces[(start + offset) % spaces.len()];
    if position.unit_at(province).is_some() {
      continue;
    }
    let power = powers[rng.below(powers.len())];
    let Some(unit) = unit_for(map, rng, province, power) else {
      continue;
    };
    if position.place(map, unit).is_ok() {
      placed += 1;
    }
  }
  position
}

/// A unit that can stand in `province`: armies on land, fleets at sea,
/// either on a coast (fleets on its first coast where it has several).
fn unit_for(
  map: &Map,
  rng: &mut Rng,
  province: ProvinceId,
  power: judge::map::PowerId,
) -> Option<Unit> {
  let place = map.province(province);
  let kind = match place.terrain {
    Terrain::Land => UnitType::Army,
    Terrain::Sea => UnitType::Fleet,
    Terrain::Coast | Terrain::Port if rng.below(2) == 0 => UnitType::Army,
    Terrain::Coast | Terrain::Port => UnitType::Fleet,
    Terrain::Impassable => return None,
  };
  let coast = if kind == UnitType::Fleet { place.coasts().next() } else { None };
  Some(Unit { power, kind, location: Location { province, coast } })
}

/// Where a unit can move to.
fn destinations(map: &Map, unit: Unit) -> Vec<Location> {
  map.moves_from(unit.kind, unit.location)
}

/// Random legal orders: about a third each of holds, moves to adjacent
/// places, and supports of a neighbour's hold or move.
fn random_orders(map: &Map, rng: &mut Rng, position: &Position) -> Vec<UnitOrder> {
  let units: Vec<Unit> = position.units().collect();
  let mut orders: Vec<UnitOrder> = units
    .iter()
    .map(|&unit| {
      let order = match (rng.below(3), rng.pick(&destinations(map, unit))) {
        (0, Some(to)) => Order::Move { to, via: Via::Unspecified },
        _ => Order::Hold,
      };
      UnitOrder { unit, order }
    })
    .collect();
  for i in 0..orders.len() {
    if orders[i].order != Order::Hold || rng.below(2) == 0 {
      continue;
    }
    let supporter = orders[i].unit;
    let supportable: Vec<usize> = (0..orders.len())
      .filter(|&j| j != i)
      .filter(|&j| map.can_reach(supporter.kind, supporter.location, goal(&orders[j])))
      .filter(|&j| goal(&orders[j]) != supporter.location.province)
      .collect();
    if let Some(j) = rng.pick(&supportable) {
      let target = orders[j].unit;
      orders[i].order = match orders[j].order {
        Order::Move { to, .. } => {
          Order::SupportMove { target, to: Location::province(to.province) }
        }
        _ => Order::SupportHold { target },
      };
    }
  }
  orders
}

/// The province an order aims at: the destination of a move, else home.
fn goal(order: &UnitOrder) -> ProvinceId {
  match order.order {
    Order::Move { to, .. } => to.province,
    _ => order.unit.location.province,
  }
}

/// An order as a player would write it: `A Vie - Gal`, `F Lon H`,
/// `A Bud S A Vie - Gal`.
fn order_text(map: &Map, order: &UnitOrder) -> String {
  let unit = |u: Unit| format!("{} {}", u.kind.letter(), map.location_abbr(u.location));
  let own = unit(order.unit);
  match &order.order {
    Order::Move { to, .. } => format!("{own} - {}", map.location_abbr(*to)),
    Order::SupportHold { target } => format!("{own} S {}", unit(*target)),
    Order::SupportMove { target, to } => {
      format!("{own} S {} - {}", unit(*target), map.location_abbr(*to))
    }
    _ => format!("{own} H"),
  }
}

/// The same phase as a `judge adjudicate` request.
fn request_for(map: &Map, position: &Position, orders: &[UnitOrder]) -> Request {
  let mut request = Request::new("S1901M");
  for unit in position.units() {
    let power = map.power(unit.power).name.clone();
    request.units.entry(power).or_default().push(judge::position::unit_text(map, unit));
  }
  for order in orders {
    let power = map.power(order.unit.power).name.clone();
    request.orders.entry(power).or_default().push(order_text(map, order));
  }
  request
}

fn movement_34_units(c: &mut Criterion) {
  let map = standard();
  let rules = Rules::default();
  let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
  let phases: Vec<(Position, Vec<UnitOrder>)> = (0..16)
    .map(|_| {
      let position = crowded_position(map, &mut rng, 12);
      let orders = random_orders(map, &mut rng, &position);
      (position, orders)
    })
    .collect();
  let mut next = 0;
  c.bench_function("movement_34_units", |b| {
    b.iter(|| {
      let (position, orders) = &phases[next % phases.len()];
      next += 1;
      black_box(adjudicate::movement(map, position, orders, &rules))
    })
  });
}

/// Movement phases on variant maps, to compare per unit with the
/// standard map's: Chaos (34 powers, one unit each on its centre, the
/// board filled as crowded as `movement_34_units`'s) and the largest map,
/// Imperial (356 provinces, its 85 starting units and 100 more).
fn variant_movement(c: &mut Criterion) {
  for (name, key, extra) in
    [("movement_chaos_34_powers", "chaos", 34), ("movement_imperial_185_units", "imperial", 100)]
  {
    let map = Map::builtin(key).expect("a built-in variant");
    let rules = Rules::for_map(map);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let phases: Vec<(Position, Vec<UnitOrder>)> = (0..16)
      .map(|_| {
        let position = crowded_position(map, &mut rng, extra);
        let orders = random_orders(map, &mut rng, &position);
        (position, orders)
      })
      .collect();
    let units = phases.iter().map(|(p, _)| p.units().count()).sum::<usize>() / phases.len();
    eprintln!("{name}: {units} units a phase on average");
    let mut next = 0;
    c.bench_function(name, |b| {
      b.iter(|| {
        let (position, orders) = &phases[next % phases.len()];
        next += 1;
        black_box(adjudicate::movement(map, position, orders, &rules))
      })
    });
  }
}

/// The same 34-unit phases as `movement_34_units`, but from text: the units
/// and orders as a player or caller writes them, through
/// `interchange::adjudicate` (parse, check, resolve, report), which is what
/// `judge adjudicate` does per phase once the JSON is read.
fn order_text_34_units(c: &mut Criterion) {
  let map = standard();
  let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
  let requests: Vec<Request> = (0..16)
    .map(|_| {
      let position = crowded_position(map, &mut rng, 12);
      let orders = random_orders(map, &mut rng, &position);
      request_for(map, &position, &orders)
    })
    .collect();
  let mut next = 0;
  c.bench_function("order_text_34_units", |b| {
    b.iter(|| {
      let request = &requests[next % requests.len()];
      next += 1;
      black_box(interchange::adjudicate(request))
    })
  });
}

fn datc_suite(c: &mut Criterion) {
  let map = standard();
  let requests: Vec<Request> = datc::load_suite("teddriggs-datc-v3.json")
    .iter()
    .filter(|case| datc::runs_for_2023_judge(case))
    .flat_map(|case| datc::requests_of(map, case))
    .collect();
  c.bench_function("datc_suite", |b| {
    b.iter(|| {
      for request in &requests {
        let _ = black_box(interchange::adjudicate(request));
      }
    })
  });
}

fn json_lines_1000(c: &mut Criterion) {
  let map = standard();
  let mut rng = Rng(0x2545_F491_4F6C_DD1D);
  let lines: Vec<String> = (0..1000)
    .map(|_| {
      let extra = rng.below(13);
      let position = crowded_position(map, &mut rng, extra);
      let orders = random_orders(map, &mut rng, &position);
      serde_json::to_string(&request_for(map, &position, &orders)).expect("a request serialises")
    })
    .collect();
  let input = lines.join("\n");
  c.bench_function("json_lines_1000", |b| b.iter(|| black_box(interchange::run(&input))));
}

/// 1,000 varied mid-game phases from seeded random games
/// (`support/corpus.rs`), read and answered as `judge adjudicate` does:
/// streamed from the bytes, the lines written into one buffer.
fn json_lines_varied_1000(c: &mut Criterion) {
  let input = corpus::varied_phases(corpus::SEED, 1000).join("\n");
  let mut out = Vec::with_capacity(4 * input.len());
  c.bench_function("json_lines_varied_1000", |b| {
    b.iter(|| {
      out.clear();
      black_box(interchange::run_stream(&mut input.as_bytes(), &mut out).is_ok())
    })
  });
}

/// Short runs: these benches watch for large regressions, not for 1%.
fn config() -> Criterion {
  Criterion::default()
    .sample_size(10)
    .warm_up_time(Duration::from_millis(300))
    .measurement_time(Duration::from_secs(2))
}

criterion_group! {
  name = benches;
  config = config();
  targets = movement_34_units, variant_movement, order_text_34_units, datc_suite, json_lines_1000,
    json_lines_varied_1000
}
criterion_main!(benches);

/// The binary's allocator (src/main.rs), so the figures are the judge's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
