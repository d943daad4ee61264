//! A varied corpus of real mid-game phases: seeded random play of whole
//! standard games through `interchange::adjudicate` (movement, retreats and
//! adjustments), keeping each movement phase from 1903 on as the request
//! `judge adjudicate` reads (units, centre owners, every unit's order as a
//! player writes it). Unlike one crowded position repeated, the boards,
//! the number of units and the mix of orders differ from phase to phase.

use judge::interchange::{self, PowerLists, Request, Response};
use judge::map::{Location, Map, PowerId, ProvinceId, UnitType};
use judge::order::parse_unit;

/// The seed of the corpus the benchmarks and docs/performance.md use.
pub const SEED: u64 = 0x2545_F491_4F6C_DD1D;

/// xorshift64: reproducible randomness.
pub struct Rng(pub u64);

impl Rng {
  pub fn next(&mut self) -> u64 {
    let mut x = self.0;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    self.0 = x;
    x
  }

  pub fn below(&mut self, n: usize) -> usize {
    if n == 0 {
      0
    } else {
      (self.next() % n as u64) as usize
    }
  }
}

/// One unit as the generator sees it.
#[derive(Clone, Copy)]
struct Piece {
  power: PowerId,
  kind: UnitType,
  at: Location,
}

/// `count` movement phases (1903 and later) of games played at random from
/// the standard opening, as JSON Lines requests, one per line.
pub fn varied_phases(seed: u64, count: usize) -> Vec<String> {
  let map = Map::standard().expect("the standard map loads");
  let mut rng = Rng(seed | 1);
  let mut phases = Vec::with_capacity(count);
  while phases.len() < count {
    play_game(map, &mut rng, count, &mut phases);
  }
  phases
}

/// Plays one game until 1912, a solo, or the corpus is full.
fn play_game(map: &Map, rng: &mut Rng, count: usize, phases: &mut Vec<String>) {
  let mut request = Request::new("S1901M");
  for unit in map.starting_units() {
    let power = map.power(unit.power).name.clone();
    let text = format!("{} {}", unit.kind.letter(), map.location_abbr(unit.location));
    request.units.entry(power).or_default().push(text);
  }
  let mut centers: PowerLists<String> = PowerLists::new();
  for power in map.power_ids() {
    let list = map.power(power).owns.iter().map(|&c| map.province(c).abbr.clone()).collect();
    centers.insert(map.power(power).name.clone(), list);
  }
  request.centers = Some(centers);
  loop {
    let pieces = pieces_of(map, &request.units);
    request.orders = match request.phase.as_bytes().last() {
      Some(b'M') => movement_orders(map, rng, &pieces),
      Some(b'R') => retreat_orders(map, rng, &request),
      _ => adjustment_orders(map, rng, &request, &pieces),
    };
    let year: u32 = request.phase.get(1..5).and_then(|y| y.parse().ok()).unwrap_or(0);
    if request.phase.ends_with('M') && year >= 1903 && phases.len() < count {
      phases.push(serde_json::to_string(&request).expect("a request serialises"));
    }
    let Ok(response) = interchange::adjudicate(&request) else { return };
    if year >= 1912 || phases.len() >= count || solo(&response) {
      return;
    }
    request = next_request(request, response);
  }
}

fn solo(response: &Response) -> bool {
  response.centers.as_ref().is_some_and(|c| c.values().any(|list| list.len() >= 18))
}

/// The request of the phase after `response`.
fn next_request(request: Request, response: Response) -> Request {
  let mut next = Request::new(response.next_phase);
  next.units = response.units;
  next.dislodged = response.dislodged;
  next.centers = response.centers.or(request.centers);
  next
}

fn pieces_of(map: &Map, units: &PowerLists<String>) -> Vec<Piece> {
  let mut pieces = Vec::new();
  for (power, texts) in units {
    let Some(power) = map.find_power(power) else { continue };
    for text in texts {
      if let Ok((Some(kind), at)) = parse_unit(map, text) {
        pieces.push(Piece { power, kind, at });
      }
    }
  }
  pieces
}

fn unit_text(map: &Map, piece: Piece) -> String {
  format!("{} {}", piece.kind.letter(), map.location_abbr(piece.at))
}

fn destinations(map: &Map, piece: Piece) -> Vec<Location> {
  map.moves_from(piece.kind, piece.at)
}

/// What each unit aims at while orders are drawn.
#[derive(Clone, Copy)]
enum Plan {
  Hold,
  Move(Location),
  Support(usize),
  Convoy(usize, ProvinceId),
}

/// Every unit ordered: about a quarter holds, four in ten moves, a third
/// supports (of a hold or a move it can reach), a few convoys, and now and
/// then a move the board refuses (to a place out of reach).
fn movement_orders(map: &Map, rng: &mut Rng, pieces: &[Piece]) -> PowerLists<String> {
  let mut plans: Vec<Plan> = pieces
    .iter()
    .map(|&piece| {
      let places = destinations(map, piece);
      match rng.below(100) {
        0..=39 if !places.is_empty() => Plan::Move(places[rng.below(places.len())]),
        _ => Plan::Hold,
      }
    })
    .collect();
  let goal = |plans: &[Plan], j: usize| match plans[j] {
    Plan::Move(to) => to.province,
    _ => pieces[j].at.province,
  };
  for i in 0..pieces.len() {
    let roll = rng.below(100);
    if !matches!(plans[i], Plan::Hold) || roll >= 60 {
      continue;
    }
    let me = pieces[i];
    // A fleet at sea next to an army on the coast carries it across.
    if me.kind == UnitType::Fleet && roll < 8 {
      let seas = map.province(me.at.province).terrain == judge::map::Terrain::Sea;
      let army = (0..pieces.len()).find(|&j| {
        pieces[j].kind == UnitType::Army
          && matches!(plans[j], Plan::Hold)
          && map.fleet_neighbours_any_coast(me.at.province).any(|p| p == pieces[j].at.province)
      });
      let landing: Vec<ProvinceId> = map
        .fleet_neighbours_any_coast(me.at.province)
        .filter(|&p| map.province(p).is_land() && Some(p) != army.map(|j| pieces[j].at.province))
        .collect();
      if let (true, Some(j), false) = (seas, army, landing.is_empty()) {
        let to = landing[rng.below(landing.len())];
        plans[j] = Plan::Move(Location::province(to));
        plans[i] = Plan::Convoy(j, to);
        continue;
      }
    }
    let reachable: Vec<usize> = (0..pieces.len())
      .filter(|&j| j != i && goal(&plans, j) != me.at.province)
      .filter(|&j| map.can_reach(me.kind, me.at, goal(&plans, j)))
      .collect();
    if !reachable.is_empty() {
      plans[i] = Plan::Support(reachable[rng.below(reachable.len())]);
    }
  }
  let mut orders = PowerLists::new();
  for (i, &piece) in pieces.iter().enumerate() {
    let own = unit_text(map, piece);
    let text = match plans[i] {
      Plan::Hold if rng.below(50) == 0 => {
        // Out of reach: the checker refuses it and the unit holds.
        let far = map.province_ids().nth(rng.below(map.provinces().len())).expect("a province");
        format!("{own} - {}", map.province(far).abbr)
      }
      Plan::Hold => format!("{own} H"),
      Plan::Move(to) => format!("{own} - {}", map.location_abbr(to)),
      Plan::Support(j) => match plans[j] {
        Plan::Move(to) => {
          format!("{own} S {} - {}", unit_text(map, pieces[j]), map.province(to.province).abbr)
        }
        _ => format!("{own} S {}", unit_text(map, pieces[j])),
      },
      Plan::Convoy(j, to) => {
        format!("{own} C {} - {}", unit_text(map, pieces[j]), map.province(to).abbr)
      }
    };
    orders.entry(map.power(piece.power).name.clone()).or_insert_with(Vec::new).push(text);
  }
  orders
}

/// Each dislodged unit retreats to one of its options, or disbands.
fn retreat_orders(map: &Map, rng: &mut Rng, request: &Request) -> PowerLists<String> {
  let mut orders = PowerLists::new();
  for (power, entries) in &request.dislodged {
    for entry in entries {
      let options = entry.retreats.clone().unwrap_or_default();
      let text = match rng.below(options.len() + 1) {
        k if k < options.len() => format!("{} - {}", entry.unit, options[k]),
        _ => format!("{} D", entry.unit),
      };
      orders.entry(power.clone()).or_insert_with(Vec::new).push(text);
    }
  }
  let _ = map;
  orders
}

/// Builds on free home centres a power still owns, or removals, to match
/// its centres.
fn adjustment_orders(
  map: &Map,
  rng: &mut Rng,
  request: &Request,
  pieces: &[Piece],
) -> PowerLists<String> {
  let mut orders = PowerLists::new();
  let Some(centers) = &request.centers else { return orders };
  for power in map.power_ids() {
    let name = &map.power(power).name;
    let owned: Vec<ProvinceId> = centers
      .get(name)
      .map(|list| {
        list.iter().filter_map(|c| parse_unit(map, c).ok()).map(|(_, l)| l.province).collect()
      })
      .unwrap_or_default();
    let mine: Vec<Piece> = pieces.iter().copied().filter(|p| p.power == power).collect();
    let mut list = Vec::new();
    if owned.len() > mine.len() {
      let mut free: Vec<ProvinceId> = map
        .power(power)
        .home_centers
        .iter()
        .copied()
        .filter(|h| owned.contains(h) && !pieces.iter().any(|p| p.at.province == *h))
        .collect();
      for _ in 0..(owned.len() - mine.len()).min(free.len()) {
        let home = free.remove(rng.below(free.len()));
        let land = map.province(home);
        let fleet = land.is_water_or_coast() && rng.below(2) == 0;
        let at = match (fleet, land.coasts().next()) {
          (true, Some(coast)) => map.location_abbr(Location { province: home, coast: Some(coast) }),
          _ => land.abbr.clone(),
        };
        list.push(format!("Build {} {at}", if fleet { 'F' } else { 'A' }));
      }
    } else {
      let mut spare = mine.clone();
      for _ in 0..(mine.len() - owned.len()) {
        let piece = spare.remove(rng.below(spare.len()));
        list.push(format!("Remove {}", unit_text(map, piece)));
      }
    }
    if !list.is_empty() {
      orders.insert(name.clone(), list);
    }
  }
  orders
}
