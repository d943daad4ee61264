//! The board: provinces, coasts, adjacency, supply centres and powers.
//!
//! A [`Map`] is loaded from a variant's data file (see `docs/maps.md`) and is
//! immutable afterwards. It answers the geometric questions the order checker
//! and the adjudicator ask ("can a fleet in Spain's north coast reach Lyon?"),
//! and resolves the names players type. It knows nothing of games, orders or
//! mail.

pub mod borders;
mod builtin;
mod calendar;
mod features;
mod file;
mod names;
mod support;

use std::fmt;

pub use builtin::VariantInfo;
pub use features::{
  AlternativeHome, Calendar, During, League, LeagueKind, PowerDuring, SeasonStep, StepPhase,
};
pub use file::MapError;
pub use names::Lookup;

/// Index of a province in its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProvinceId(pub(crate) u16);

impl ProvinceId {
  /// The province's position in [`Map::provinces`].
  pub fn index(self) -> usize {
    usize::from(self.0)
  }
}

/// Index of a power in its map. Stored as that number: a map file's powers
/// keep their order, so a saved game names the same powers when read back.
#[derive(
  Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct PowerId(pub(crate) u8);

impl PowerId {
  /// The power's position in [`Map::powers`].
  pub fn index(self) -> usize {
    usize::from(self.0)
  }
}

/// One coast of a province with several coasts (Spain, Bulgaria, St Petersburg).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coast {
  North,
  South,
  East,
  West,
}

impl Coast {
  /// All coasts, in the order njudge lists them.
  pub const ALL: [Coast; 4] = [Coast::North, Coast::South, Coast::East, Coast::West];

  /// The two-letter abbreviation used in map files and in `Stp/sc`.
  pub fn abbr(self) -> &'static str {
    match self {
      Coast::North => "nc",
      Coast::South => "sc",
      Coast::East => "ec",
      Coast::West => "wc",
    }
  }

  /// The words used in results: `St Petersburg (south coast)`.
  pub fn name(self) -> &'static str {
    match self {
      Coast::North => "north coast",
      Coast::South => "south coast",
      Coast::East => "east coast",
      Coast::West => "west coast",
    }
  }

  /// Reads `nc`, `n`, `north`, `north coast` and the like (lower case).
  pub fn from_word(word: &str) -> Option<Coast> {
    match word {
      "nc" | "n" | "north" | "ncoast" => Some(Coast::North),
      "sc" | "s" | "south" | "scoast" => Some(Coast::South),
      "ec" | "e" | "east" | "ecoast" => Some(Coast::East),
      "wc" | "w" | "west" | "wcoast" => Some(Coast::West),
      _ => None,
    }
  }
}

/// A place a unit can stand: a province, and for a fleet in a province with
/// several coasts, the coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
  pub province: ProvinceId,
  pub coast: Option<Coast>,
}

impl Location {
  /// A location without a coast.
  pub fn province(province: ProvinceId) -> Location {
    Location { province, coast: None }
  }
}

/// What a province is made of, which decides the units that may enter it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
  /// Water: fleets only.
  Sea,
  /// Land touching water: armies, and fleets along the coast.
  Coast,
  /// Inland: armies only.
  Land,
  /// Named on the map but closed to every unit (Switzerland).
  Impassable,
  /// Land touching water whose fleet convoys as if at sea (DPjudge `PORT`:
  /// AncMed's Baleares, Imperial's island chains).
  Port,
}

impl Terrain {
  /// True when a fleet here may carry a convoy without SET COASTAL CONVOYS.
  pub fn convoys(self) -> bool {
    matches!(self, Terrain::Sea | Terrain::Port)
  }
}

/// A province of the map with its neighbours.
#[derive(Debug)]
pub struct Province {
  /// The canonical abbreviation (`Stp`), used in JSON and short forms.
  pub abbr: String,
  /// The full name used in results (`St Petersburg`).
  pub name: String,
  /// The other spellings the map file gives (`st petersburg`, `stp`…).
  pub aliases: Vec<String>,
  pub terrain: Terrain,
  /// Land and water at once under SET DUALITY (a port then; see
  /// [`Map::with_duality`]).
  pub dual: bool,
  pub supply_center: bool,
  /// The powers for which this is a home supply centre (two share one in
  /// Ambition; none for a neutral centre).
  pub home_of: Vec<PowerId>,
  pub(crate) army: Vec<ProvinceId>,
  /// Fleet neighbours of a province with at most one coast.
  pub(crate) fleet: Vec<Location>,
  /// Fleet neighbours of each coast of a province with several coasts.
  pub(crate) coasts: Vec<(Coast, Vec<Location>)>,
  /// Sea provinces (and ports) a fleet here can reach from any coast: the
  /// links of convoy routes.
  pub(crate) seas: Vec<ProvinceId>,
  /// Neighbours across a half-strength border (1900's Cape route).
  pub half_strength: Vec<ProvinceId>,
  /// Neighbours across a zero-strength strait (Loeb9).
  pub strait: Vec<ProvinceId>,
  /// Neighbours whose border only the owner of the listed centres crosses
  /// (Imperial's Aegean–Black Sea needs Constantinople).
  pub owner_only: Vec<(ProvinceId, Vec<ProvinceId>)>,
}

impl Province {
  /// The coasts of a province with several coasts; empty otherwise.
  pub fn coasts(&self) -> impl Iterator<Item = Coast> + '_ {
    self.coasts.iter().map(|(coast, _)| *coast)
  }

  /// True when a fleet here must say which coast it is on.
  pub fn has_coasts(&self) -> bool {
    !self.coasts.is_empty()
  }

  /// True when an army may stand here.
  pub fn is_land(&self) -> bool {
    matches!(self.terrain, Terrain::Coast | Terrain::Land | Terrain::Port)
  }

  /// True when a fleet may stand here.
  pub fn is_water_or_coast(&self) -> bool {
    matches!(self.terrain, Terrain::Coast | Terrain::Sea | Terrain::Port)
  }

  /// True when this is a home centre of `power`.
  pub fn is_home_of(&self, power: PowerId) -> bool {
    self.home_of.contains(&power)
  }
}

/// A great power of the variant.
#[derive(Debug)]
pub struct Power {
  pub name: String,
  pub adjective: String,
  /// The character used in SIGN ON, press lists and results summaries: a
  /// letter, a digit (Chaos) or a sign (Void); never `O`, `M` or `?`.
  pub initial: char,
  pub home_centers: Vec<ProvinceId>,
  /// Centres owned at the start: the homes unless the map says otherwise
  /// (the Shift maps, 1900's Egypt and Algeria).
  pub owns: Vec<ProvinceId>,
  /// Nobody plays it (DPjudge `DUMMY`): the variant's dummy rules order it.
  pub dummy: bool,
  /// Build sites off the supply centres that add a unit while some but not
  /// all homes are lost (1900's Siberia).
  pub partisan: Vec<ProvinceId>,
  pub alternative_homes: Vec<AlternativeHome>,
  /// Homes whose builds the others learn only after the phase.
  pub hidden_builds: Vec<ProvinceId>,
  /// May make one captured centre a home by building there (DPjudge `&SC`).
  pub claim_home: bool,
  /// Homes it may build on while unowned, taking them (DPjudge `SC!`).
  pub mobilize: Vec<ProvinceId>,
  pub league: Option<League>,
}

/// A unit's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitType {
  Army,
  Fleet,
  /// An air unit (the Wings option, manual §6.1): it moves across any
  /// border, over land or sea, coasts ignored; it is never convoyed and
  /// never convoys; on a supply centre it blockades it.
  Wing,
}

impl UnitType {
  /// `A`, `F` or `W`.
  pub fn letter(self) -> char {
    match self {
      UnitType::Army => 'A',
      UnitType::Fleet => 'F',
      UnitType::Wing => 'W',
    }
  }

  /// `Army`, `Fleet` or `Wing`, as results print it.
  pub fn name(self) -> &'static str {
    match self {
      UnitType::Army => "Army",
      UnitType::Fleet => "Fleet",
      UnitType::Wing => "Wing",
    }
  }

  /// `an army`, `a fleet`, `a wing`.
  pub fn with_article(self) -> &'static str {
    match self {
      UnitType::Army => "an army",
      UnitType::Fleet => "a fleet",
      UnitType::Wing => "a wing",
    }
  }
}

/// A unit as it starts the game, from the map file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartingUnit {
  pub power: PowerId,
  pub kind: UnitType,
  pub location: Location,
}

/// A unit that belongs to no power: it always holds (a neutral garrison).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeutralUnit {
  pub kind: UnitType,
  pub location: Location,
}

/// A loaded, validated variant map.
#[derive(Debug)]
pub struct Map {
  /// The registry key a game file stores (`ancmed`); empty for a map read
  /// from text that is not a built-in one.
  key: String,
  name: String,
  source: String,
  victory_centers: u32,
  first_phase: String,
  rules: Vec<String>,
  payola: PayolaDirectives,
  new_homes: Vec<i32>,
  /// The board file it is drawn on, when not the one named by its key.
  board: Option<String>,
  calendar: Option<Calendar>,
  provinces: Vec<Province>,
  powers: Vec<Power>,
  starting_units: Vec<StartingUnit>,
  neutral_units: Vec<NeutralUnit>,
  during: Vec<During>,
  names: names::NameIndex,
}

/// A map's Payola directives: rules and income for Payola games on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PayolaDirectives {
  pub rules: Vec<String>,
  pub tax: Option<u32>,
  pub cap: Option<u32>,
}

impl Map {
  /// Loads and validates a map from the text of its data file.
  pub fn from_toml(text: &str) -> Result<Map, MapError> {
    file::load(text)
  }

  /// The map of a built-in variant, by key, display name or alias (case,
  /// blanks, `_` and `-` ignored), loaded once per process.
  pub fn builtin(name: &str) -> Result<&'static Map, MapError> {
    builtin::map(name)
  }

  /// This map as a game with SET DUALITY (`true`) or SET NO DUALITY
  /// plays it: its dual provinces ports, or ordinary coasts. A map with
  /// none is itself either way; so is a map not loaded from the registry.
  pub fn with_duality(&'static self, on: bool) -> Result<&'static Map, MapError> {
    if self.key.is_empty() || !self.offers_duality() || self.plays_duality() == on {
      return Ok(self);
    }
    // From either load, the other one: the file as written when it plays
    // duality so, else the map loaded the other way.
    let plain = builtin::map(&self.key)?;
    if plain.plays_duality() == on {
      return Ok(plain);
    }
    builtin::map_with_duality(&self.key, on)
  }

  /// Whether any province is land and water at once under SET DUALITY.
  pub fn offers_duality(&self) -> bool {
    self.provinces.iter().any(|p| p.dual)
  }

  /// Whether this map plays its dual provinces as ports.
  pub fn plays_duality(&self) -> bool {
    self.provinces.iter().any(|p| p.terrain == Terrain::Port)
  }

  /// The standard map.
  pub fn standard() -> Result<&'static Map, MapError> {
    Map::builtin("standard")
  }

  /// The keys of the built-in variants, in the order they are listed.
  pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    builtin::keys()
  }

  /// The registry entry of a built-in variant named `name` (any spelling).
  pub fn variant_info(name: &str) -> Option<&'static VariantInfo> {
    builtin::info(name)
  }

  /// Every built-in variant's registry entry.
  pub fn variants() -> &'static [VariantInfo] {
    builtin::all()
  }

  /// The registry key a game file stores (`ancmed`).
  pub fn key(&self) -> &str {
    &self.key
  }

  /// What a game file stores to find this map again: the registry key, or
  /// for a map that is not built in, its name.
  pub fn storage_key(&self) -> &str {
    if self.key.is_empty() {
      &self.name
    } else {
      &self.key
    }
  }

  /// The name players see (`AncMed`).
  pub fn name(&self) -> &str {
    &self.name
  }

  /// Where the map's data comes from.
  pub fn source(&self) -> &str {
    &self.source
  }

  /// The variant's default rules, by their DPjudge names.
  pub fn rules(&self) -> &[String] {
    &self.rules
  }

  /// The rules a Payola game on this map adds (its `PAYOLA DIRECTIVES`).
  pub fn payola_rules(&self) -> &[String] {
    &self.payola.rules
  }

  /// AgP per centre a year in a Payola game, when the map sets it (`TAX`).
  pub fn payola_tax(&self) -> Option<u32> {
    self.payola.tax
  }

  /// The most income a power gets in a year of a Payola game (`CAP`).
  pub fn payola_cap(&self) -> Option<u32> {
    self.payola.cap
  }

  /// True when the map turns on the DPjudge rule `name` by default.
  pub fn has_rule(&self, name: &str) -> bool {
    self.rules.iter().any(|r| r.eq_ignore_ascii_case(name))
  }

  /// Years in whose adjustments homes become the centres then owned.
  pub fn new_homes(&self) -> &[i32] {
    &self.new_homes
  }

  /// The board drawing the variant uses (`maps/boards/<name>.toml`): the
  /// map file's `board`, else the variant's own key.
  pub fn board(&self) -> &str {
    self.board.as_deref().unwrap_or_else(|| self.storage_key())
  }

  /// The map's own calendar; `None` for Spring, Fall and Winter.
  pub fn calendar(&self) -> Option<&Calendar> {
    self.calendar.as_ref()
  }

  /// Units that belong to no power.
  pub fn neutral_units(&self) -> &[NeutralUnit] {
    &self.neutral_units
  }

  /// Changes to the map that hold only in some phases.
  pub fn during(&self) -> &[During] {
    &self.during
  }

  /// The powers someone plays: every power but the map's dummies.
  pub fn playable_powers(&self) -> impl Iterator<Item = PowerId> + '_ {
    self.power_ids().filter(|&p| !self.power(p).dummy)
  }

  /// Supply centres a power needs for a solo victory.
  pub fn victory_centers(&self) -> u32 {
    self.victory_centers
  }

  /// The turn id of the first phase (`S1901M`).
  pub fn first_phase(&self) -> &str {
    &self.first_phase
  }

  pub fn provinces(&self) -> &[Province] {
    &self.provinces
  }

  pub fn province(&self, id: ProvinceId) -> &Province {
    &self.provinces[id.index()]
  }

  pub fn province_ids(&self) -> impl Iterator<Item = ProvinceId> + '_ {
    (0..self.provinces.len()).map(|i| ProvinceId(i as u16))
  }

  pub fn powers(&self) -> &[Power] {
    &self.powers
  }

  pub fn power(&self, id: PowerId) -> &Power {
    &self.powers[id.index()]
  }

  pub fn power_ids(&self) -> impl Iterator<Item = PowerId> + '_ {
    (0..self.powers.len()).map(|i| PowerId(i as u8))
  }

  pub fn starting_units(&self) -> &[StartingUnit] {
    &self.starting_units
  }

  /// Finds a province by a name or abbreviation a player typed.
  pub fn lookup(&self, text: &str) -> Lookup {
    self.names.lookup(text)
  }

  /// Matches the longest province name at the start of `text`: returns the
  /// province and the number of bytes the name took, or the reason none fits.
  pub fn match_prefix(&self, text: &str) -> Result<(ProvinceId, usize), Lookup> {
    self.names.match_prefix(text)
  }

  /// The province a single word (`Vie`, `vienna`) names when that word
  /// alone is the whole match [`Map::match_prefix`] would make of it,
  /// followed by a blank, `/` or the end; `None` when it would not be, or
  /// when only `match_prefix` can tell.
  pub fn province_word(&self, word: &str) -> Option<ProvinceId> {
    self.names.word(word)
  }

  /// Finds a power by name, adjective, or the first two or more letters of either.
  /// Compares ignoring ASCII case in place: the order parser asks this of
  /// every word that might name a supported unit's power.
  pub fn find_power(&self, text: &str) -> Option<PowerId> {
    // Names as requests key their lists (`Austria`) start and end with a
    // visible ASCII character, which leaves `trim` nothing to do.
    let bytes = text.as_bytes();
    let bare = bytes.first().is_some_and(u8::is_ascii_graphic)
      && bytes.last().is_some_and(u8::is_ascii_graphic);
    let text = if bare { text } else { text.trim() };
    if text.is_empty() {
      return None;
    }
    // Requests mostly spell a power's name as the map does: compared
    // whole, each name costs a length check, not a fold of every byte.
    if let Some(id) = self.power_ids().find(|&id| self.power(id).name == text) {
      return Some(id);
    }
    let exact = self.power_ids().find(|&id| {
      let power = self.power(id);
      power.name.eq_ignore_ascii_case(text) || power.adjective.eq_ignore_ascii_case(text)
    });
    if exact.is_some() || text.len() < 2 {
      return exact;
    }
    let starts = |name: &str| {
      name
        .as_bytes()
        .get(..text.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(text.as_bytes()))
    };
    let mut matches = self.power_ids().filter(|&id| {
      let power = self.power(id);
      starts(&power.name) || starts(&power.adjective)
    });
    let first = matches.next()?;
    match matches.next() {
      Some(_) => None,
      None => Some(first),
    }
  }

  /// Finds a power by its initial letter (`F` for France).
  pub fn power_by_initial(&self, initial: char) -> Option<PowerId> {
    let initial = initial.to_ascii_uppercase();
    self.power_ids().find(|&id| self.power(id).initial.to_ascii_uppercase() == initial)
  }

  /// The power a Master's word names (EJECT, BECOME): one letter is an
  /// initial, anything longer a name ([`Map::find_power`]).
  pub fn power_by_word(&self, word: &str) -> Option<PowerId> {
    let mut letters = word.chars();
    match (letters.next(), letters.next()) {
      (Some(letter), None) => self.power_by_initial(letter),
      _ => self.find_power(word),
    }
  }

  /// The provinces an army can move to from `from`.
  pub fn army_neighbours(&self, from: ProvinceId) -> &[ProvinceId] {
    &self.province(from).army
  }

  /// The locations a fleet at `from` can move to.
  pub fn fleet_neighbours(&self, from: Location) -> &[Location] {
    let province = self.province(from.province);
    match from.coast {
      None => &province.fleet,
      Some(coast) => {
        province.coasts.iter().find(|(c, _)| *c == coast).map_or(&[][..], |(_, n)| n.as_slice())
      }
    }
  }

  /// True when a unit of `kind` at `from` can move to exactly `to` (for a
  /// fleet entering a province with coasts, `to` must name the coast).
  pub fn can_move(&self, kind: UnitType, from: Location, to: Location) -> bool {
    match kind {
      UnitType::Army => {
        to.coast.is_none() && self.army_neighbours(from.province).contains(&to.province)
      }
      UnitType::Fleet => self.fleet_neighbours(from).contains(&to),
      UnitType::Wing => to.coast.is_none() && self.wing_reaches(from.province, to.province),
    }
  }

  /// Every location a unit of `kind` at `from` may move to, in map order
  /// (a fleet's by coast).
  pub fn moves_from(&self, kind: UnitType, from: Location) -> Vec<Location> {
    match kind {
      UnitType::Army => {
        self.army_neighbours(from.province).iter().map(|&p| Location::province(p)).collect()
      }
      UnitType::Fleet => self.fleet_neighbours(from).to_vec(),
      UnitType::Wing => self
        .province_ids()
        .filter(|&p| self.wing_reaches(from.province, p))
        .map(Location::province)
        .collect(),
    }
  }

  /// True when a wing at `from` may fly into `to`: across any border, by
  /// land or by sea, into any province a unit may enter.
  fn wing_reaches(&self, from: ProvinceId, to: ProvinceId) -> bool {
    self.province(to).terrain != Terrain::Impassable
      && self.neighbours_any_border(from).any(|p| p == to)
  }

  /// True when a unit of `kind` at `from` can move into province `to` by
  /// some coast: the test for supports, which go to provinces, not coasts.
  pub fn can_reach(&self, kind: UnitType, from: Location, to: ProvinceId) -> bool {
    match kind {
      UnitType::Army => self.army_neighbours(from.province).contains(&to),
      UnitType::Fleet => self.fleet_neighbours(from).iter().any(|l| l.province == to),
      UnitType::Wing => self.wing_reaches(from.province, to),
    }
  }

  /// True when a unit of `kind` may stand at `location` at all: in some
  /// phase, for a province a `[[during]]` entry opens (a fleet stays in
  /// Loeb9's Arctic Ocean when it closes, holding).
  pub fn can_stand(&self, kind: UnitType, location: Location) -> bool {
    let province = self.province(location.province);
    let terrain = match province.terrain {
      Terrain::Impassable => self
        .during()
        .iter()
        .flat_map(|d| d.terrain.iter())
        .find(|&&(p, _)| p == location.province)
        .map_or(Terrain::Impassable, |&(_, t)| t),
      other => other,
    };
    match kind {
      UnitType::Army => {
        matches!(terrain, Terrain::Coast | Terrain::Land | Terrain::Port)
          && location.coast.is_none()
      }
      UnitType::Fleet => {
        matches!(terrain, Terrain::Coast | Terrain::Sea | Terrain::Port)
          && (province.has_coasts() == location.coast.is_some())
          && location.coast.is_none_or(|c| province.coasts().any(|pc| pc == c))
      }
      UnitType::Wing => terrain != Terrain::Impassable && location.coast.is_none(),
    }
  }

  /// The canonical short form of a location: `Lon`, `Stp/sc`.
  pub fn location_abbr(&self, location: Location) -> String {
    let abbr = &self.province(location.province).abbr;
    match location.coast {
      None => abbr.clone(),
      Some(coast) => format!("{abbr}/{}", coast.abbr()),
    }
  }

  /// The results form of a location: `London`, `St Petersburg (south coast)`.
  pub fn location_name(&self, location: Location) -> String {
    let name = &self.province(location.province).name;
    match location.coast {
      None => name.clone(),
      Some(coast) => format!("{name} ({})", coast.name()),
    }
  }

  /// The sea provinces next to a province by any of its coasts: the links
  /// of convoy routes.
  pub fn seas_next_to(&self, province: ProvinceId) -> &[ProvinceId] {
    &self.province(province).seas
  }

  /// True when `a` and `b` share a fleet border and one of them is a sea:
  /// the links of a convoy route.
  pub fn borders_sea(&self, a: ProvinceId, b: ProvinceId) -> bool {
    self.seas_next_to(a).contains(&b) || self.seas_next_to(b).contains(&a)
  }

  /// True when a convoy route may step between `a` and `b`: a fleet border
  /// with a sea on one side, or, with `coastal` (SET COASTAL CONVOYS, where
  /// fleets on coasts convoy too), any fleet border. A fleet on one coast
  /// of Spain, Bulgaria or St Petersburg convoys as if from either coast.
  pub fn convoy_step(&self, a: ProvinceId, b: ProvinceId, coastal: bool) -> bool {
    self.borders_sea(a, b) || (coastal && self.fleet_neighbours_any_coast(a).any(|p| p == b))
  }

  /// True when the seas in `fleets` (the seas holding convoying fleets)
  /// chain from coastal `from` to coastal `to`.
  pub fn convoy_connects(&self, from: ProvinceId, to: ProvinceId, fleets: &[ProvinceId]) -> bool {
    self.convoy_connects_with(from, to, fleets, false)
  }

  /// As [`Map::convoy_connects`]; with `coastal`, `fleets` may hold
  /// coastal provinces as well, linked by any fleet border.
  pub fn convoy_connects_with(
    &self,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
    coastal: bool,
  ) -> bool {
    let step = |a: ProvinceId, b: ProvinceId| self.convoy_step(a, b, coastal);
    let mut reached: Vec<ProvinceId> =
      fleets.iter().copied().filter(|&s| s != from && s != to && step(from, s)).collect();
    let mut next = 0;
    while next < reached.len() {
      let sea = reached[next];
      next += 1;
      if step(sea, to) {
        return true;
      }
      for &other in fleets {
        if other != from && other != to && !reached.contains(&other) && step(sea, other) {
          reached.push(other);
        }
      }
    }
    false
  }

  /// The provinces a fleet in `province` reaches from any of its coasts.
  pub fn fleet_neighbours_any_coast(
    &self,
    province: ProvinceId,
  ) -> impl Iterator<Item = ProvinceId> + '_ {
    let here = self.province(province);
    here.fleet.iter().chain(here.coasts.iter().flat_map(|(_, list)| list)).map(|l| l.province)
  }

  /// The provinces one move away from `province` across any border, by
  /// land or by sea from any coast (a blind game's sight, touch press).
  pub fn neighbours_any_border(
    &self,
    province: ProvinceId,
  ) -> impl Iterator<Item = ProvinceId> + '_ {
    self.army_neighbours(province).iter().copied().chain(self.fleet_neighbours_any_coast(province))
  }

  /// Supply centres in map order.
  pub fn supply_centers(&self) -> impl Iterator<Item = ProvinceId> + '_ {
    self.province_ids().filter(|&id| self.province(id).supply_center)
  }
}

impl fmt::Display for Coast {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(self.abbr())
  }
}

/// The standard board for unit tests elsewhere in the crate.
#[cfg(test)]
pub(crate) mod testing {
  use super::{Lookup, Map, ProvinceId};

  /// The standard map.
  pub fn standard() -> &'static Map {
    Map::standard().unwrap_or_else(|e| panic!("the standard map: {e}"))
  }

  /// A standard province by name or abbreviation.
  pub fn province(name: &str) -> ProvinceId {
    match standard().lookup(name) {
      Lookup::Found(province) => province,
      other => panic!("{name}: {other:?}"),
    }
  }
}

#[cfg(test)]
mod duality_tests {
  use super::{Map, Terrain};

  /// From whichever load a game holds, SET DUALITY and SET NO DUALITY
  /// reach the map played that way, both ways and back.
  #[test]
  fn duality_switches_between_the_two_loads_of_a_map_both_ways() {
    let terrain = |map: &Map, abbr: &str| {
      map.province_ids().find(|&p| map.province(p).abbr == abbr).map(|p| map.province(p).terrain)
    };
    for (key, abbr, plain) in
      [("standard", "Con", Terrain::Coast), ("imperial", "Azo", Terrain::Port)]
    {
      let map = Map::builtin(key).unwrap_or_else(|e| panic!("{e}"));
      let written = terrain(map, abbr);
      assert_eq!(written, Some(plain), "{key} {abbr} as the file has it");
      for on in [true, false] {
        let once = map.with_duality(on).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(once.plays_duality(), on, "{key} with duality {on}");
        let back = once.with_duality(!on).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.plays_duality(), !on, "{key} back to {}", !on);
        let again = back.with_duality(on).unwrap_or_else(|e| panic!("{e}"));
        assert!(std::ptr::eq(again, once), "{key}: each load is made once");
      }
    }
  }
}

#[cfg(test)]
mod power_name_tests {
  use super::Map;

  /// On every map a power's own name finds it, and no power before it has
  /// that name or adjective in another case: so the exact comparison
  /// `find_power` makes first answers as the case-blind one after it would.
  #[test]
  fn each_power_is_found_by_its_own_name_on_every_map() {
    for info in Map::variants() {
      let map = info.map().unwrap_or_else(|e| panic!("{}: {e}", info.key));
      for id in map.power_ids() {
        let name = &map.power(id).name;
        let blind = map.power_ids().find(|&other| {
          let power = map.power(other);
          power.name.eq_ignore_ascii_case(name) || power.adjective.eq_ignore_ascii_case(name)
        });
        assert_eq!(blind, Some(id), "{}: {name}", info.key);
        assert_eq!(map.find_power(name), Some(id), "{}: {name}", info.key);
      }
    }
  }
}
