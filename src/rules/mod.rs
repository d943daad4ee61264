//! The rules of the board a game is played under, shared by order entry
//! (`order::validate`) and adjudication, which both depend on this module
//! and not on each other: the convoy-paradox rule of the DATC, the optional
//! rules of njudge's §9.1 that the board itself obeys (where builds go,
//! disbanding, retreats, the summer turn, coastal convoys), where a power
//! may build and how many units it keeps (`sites`), and whom it may help
//! (`league`). Game settings that are not about the board (players,
//! secrecy) live with the game.

use serde::{Deserialize, Serialize};

mod league;
pub(crate) mod sites;
mod transform;

pub use league::{league_forbids, LeagueBar};
pub use sites::{
  allowance, build_conflict, build_limit, build_site, claim_open, free_sites, homes,
  mobilize_phase, mobilizing, partisans_active, SiteProblem,
};
pub use transform::{
  transform_problem, Transform, TransformPlace, TransformProblem, TransformSyntax,
};

/// How a convoy paradox is broken (DATC 4.A.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParadoxRule {
  /// The convoys in the paradox fail; the armies stay put (DATC's preference).
  #[default]
  Szykman,
  /// 1982 rulebook: a convoyed army does not cut support for an attack on a
  /// body of water holding a fleet ordered to convoy.
  Rule1982,
}

/// Where a power may build (manual §9.1 SET HOME / ONE / ANY CENTER).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BuildRule {
  /// Only in its own home centres (the standard rule).
  #[default]
  Home,
  /// In any centre it owns, as long as it still owns one home centre.
  One,
  /// In any centre it owns.
  Any,
  /// In any centre it owns that is a home centre of some power, its own or
  /// another's (the DPjudge's HOME_BUILDS, Imperial; not the standard rule).
  AnyHome,
  /// As `AnyHome`, and only while it owns one of its own homes (the
  /// DPjudge's HOME_BUILDS with REMOTE_BUILDS).
  OneHome,
}

/// The optional rules in force for one adjudication.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
  pub paradox: ParadoxRule,
  pub builds: BuildRule,
  /// A power may disband any of its units in an adjustment phase, and build
  /// again in the room that makes (SET ANY DISBAND).
  pub any_disband: bool,
  /// Dislodged units are disbanded at once: there are no retreat phases
  /// (SET AUTO DISBAND).
  pub auto_disband: bool,
  /// A second movement turn, Summer, comes between Spring and Fall (SET
  /// SUMMER).
  pub summer: bool,
  /// Fleets in coastal provinces may convoy as fleets at sea do (SET
  /// COASTAL CONVOYS).
  pub coastal_convoys: bool,
  /// Units of powers nobody plays (the map's dummies) may hold, support
  /// or convoy but never move, and are destroyed when dislodged
  /// (DPjudge IMMOBILE_DUMMIES).
  pub immobile_dummies: bool,
  /// A dummy's units may dislodge each other and cut each other's
  /// supports, as under the DPjudge's FRIENDLY_FIRE (DUMMY_FIRE).
  pub dummy_fire: bool,
  /// A power in civil disorder (a dummy always is) builds on free sites
  /// at random instead of waiving its builds (DPjudge CD_BUILDS).
  pub cd_builds: bool,
  /// The game starts with no centres owned; each power builds one unit in
  /// a home of its choice and so takes it (DPjudge MOBILIZE: 1897, 1898).
  pub mobilize: bool,
  /// A unit on a province closed in this phase survives there, holding
  /// (DPjudge HIBERNATE: Loeb9's Arctic Ocean outside Spring).
  pub hibernate: bool,
  /// The map's partisan sites are ignored (DPjudge NO_PARTISANS).
  pub no_partisans: bool,
  /// A dummy whose homes are all held by one bloc at the year's end
  /// becomes the vassal of its leader, and gets its homes back
  /// (DPjudge VASSAL_DUMMIES, which implies CD_BUILDS).
  pub vassal_dummies: bool,
  /// Under VASSAL_DUMMIES, a vassal's unit left on a centre of another
  /// bloc once vassal status is settled is destroyed (DPjudge
  /// TORN_ALLEGIANCE).
  pub torn_allegiance: bool,
  /// Orders may name units that are not there (DPjudge FICTIONAL_OK, which
  /// blind games imply): a support or convoy of an empty province or of a
  /// unit of another kind is accepted and fails at adjudication, so that
  /// entering orders tells a player nothing of the board it cannot see.
  pub fictional_ok: bool,
  /// A power's units may dislodge each other and cut each other's
  /// supports (DPjudge FRIENDLY_FIRE; DUMMY_FIRE is this for dummies).
  pub friendly_fire: bool,
  /// A unit ordered to move has no strength to hold its province, moved
  /// or not (DPjudge WEAK_BOUNCES).
  pub weak_bounces: bool,
  /// Two fleets swapping a province with two coasts and its neighbour pass
  /// each other when the one entering names a coast the other is not on
  /// (DPjudge COASTAL_CRAWL).
  pub coastal_crawl: bool,
  /// A convoy fails when its fleet is beleaguered: the strongest attacks
  /// on it, two or more and one of them foreign, outdo its hold (DPjudge
  /// SAFE_CONVOYS).
  pub safe_convoys: bool,
  /// A convoy fails when any foreign attack on its fleet is as strong as
  /// the fleet's hold (DPjudge WEAK_CONVOYS).
  pub weak_convoys: bool,
  /// A convoy route may not pass a sea twice, nor a convoy order need one
  /// that does (DPjudge NO_RETURN; njudge and the default allow it).
  pub no_return: bool,
  /// A power owning no centre, with no other power's unit on any of its
  /// homes, keeps its units and may build one in a home each year, where
  /// no other power may build (DPjudge GARRISON).
  pub garrison: bool,
  /// Which units may change type, when and where (SET TRANSFORM), and
  /// whether an attack stops it (SET ATTACK TRANSFORM).
  pub transform: Transform,
  /// A unit may be ordered to disband in a movement phase: it holds, and
  /// is gone at the phase's end (SET DISBAND; Machiavelli's rule).
  pub movement_disband: bool,
  /// Wings may be built, and units may become wings (the Wings option).
  pub wings: bool,
  /// A support the unit cannot give is taken, as a signal, and is void
  /// (DPjudge SIGNAL_SUPPORT).
  pub signal_support: bool,
  /// Orders are checked when the phase is adjudicated, not when they come
  /// in, and a unit given different orders holds (DPjudge NO_CHECK; by
  /// mail, `game::unchecked`).
  pub no_check: bool,
  /// A unit's owner may hand it to another power, whose order for it is
  /// then carried out (DPjudge PROXY_OK; by mail, SET PROXY, which the
  /// game keeps itself): read by `judge adjudicate`.
  pub proxy_ok: bool,
  /// Armies carry fleets overland: `F Lon-Wal-Lvp` with `A Wal C F
  /// Lon-Lvp` (DPjudge PORTAGE_CONVOY).
  pub portage_convoy: bool,
}

/// A rule name `judge adjudicate` does not know, or one that turns off a
/// map feature no map here has (said so: it would change nothing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
  "{}rule '{name}' (known rules: SZYKMAN, PARADOX_1982, BUILD_ANY, REMOTE_BUILDS, \
   HOME_BUILDS, ONE_HOME, ANY_DISBAND, NO_RETREAT, SUMMER, COASTAL_CONVOY, MOBILIZE, HIBERNATE, \
   NO_PARTISANS, IMMOBILE_DUMMIES, DUMMY_FIRE, CD_BUILDS, CD_DUMMIES, VASSAL_DUMMIES, \
   TORN_ALLEGIANCE, FICTIONAL_OK, FRIENDLY_FIRE, WEAK_BOUNCES, COASTAL_CRAWL, SAFE_CONVOYS, \
   WEAK_CONVOYS, NO_RETURN, CONVOY_BACK, DEFAULT_UNORDERED, GARRISON, SHOW_PHANTOM, ORDER_ANY, \
   MOVEMENT_DISBAND, WINGS, SIGNAL_SUPPORT, NO_CHECK, PORTAGE_CONVOY, PROXY_OK, NO_PROXY, \
   DUALITY, NO_DUALITY, \
   ATTACK_TRANSFORM, \
   TRANSFORM_MOVE_<where>, TRANSFORM_BUILD_<where> with <where> HOME_CENTER, ONE_CENTER, \
   ANY_CENTER, ANYWHERE or NONE)",
  missing_feature(name).map_or_else(
    || "unknown ".to_string(),
    |f| format!(
      "{name} turns off a map's {f}, which no map this judge plays has, so it would change \
       nothing; it is refused as an unknown "
    )
  )
)]
pub struct UnknownRule {
  pub name: String,
}

/// The map feature a DPjudge rule turns off, for rules whose feature no
/// map this judge plays has: turning them on would change nothing, so
/// they are refused with the reason (by mail and in `judge adjudicate`).
pub fn missing_feature(name: &str) -> Option<&'static str> {
  Some(match name.trim().to_ascii_uppercase().replace(['-', ' '], "_").as_str() {
    "NO_RESERVES" => "reserves (units kept while a home is held)",
    "NO_MILITIA" => "militia (units for units on homes)",
    "NO_FACTORIES" => "factories (build sites off the centres)",
    "UNITS_ADAPT" => "land that turns to sea, or sea to land",
    _ => return None,
  })
}

impl Rules {
  /// Whether an adjustment phase may change any unit, due or not (ANY
  /// DISBAND, or transformations in build phases): then it comes every
  /// year, and waits for its deadline.
  pub fn adjusts_any_unit(&self) -> bool {
    self.any_disband || self.transform.builds.is_some()
  }

  /// Reads rule names as given to `judge adjudicate` (case-insensitive;
  /// the DPjudge's names and njudge's SET words both work).
  pub fn from_names<S: AsRef<str>>(names: &[S]) -> Result<Rules, UnknownRule> {
    Rules::default().with_names(names)
  }

  /// The rules a variant's map turns on by default (its DPjudge `RULE`
  /// lines that are board rules; the others are game settings).
  pub fn for_map(map: &crate::map::Map) -> Rules {
    let mut rules = Rules::default();
    for name in map.rules() {
      if let Ok(with) = rules.clone().with_names(std::slice::from_ref(name)) {
        rules = with;
      }
    }
    rules
  }

  /// These rules with the named ones turned on as well.
  pub fn with_names<S: AsRef<str>>(self, names: &[S]) -> Result<Rules, UnknownRule> {
    let mut rules = self;
    for name in names {
      let name = name.as_ref();
      match name.trim().to_ascii_uppercase().replace(['-', ' '], "_").as_str() {
        "SZYKMAN" | "PARADOX_SZYKMAN" => rules.paradox = ParadoxRule::Szykman,
        "PARADOX_1982" | "1982" | "RULE_1982" | "CONVOY_1982" => {
          rules.paradox = ParadoxRule::Rule1982
        }
        "BUILD_ANY" | "ANY_CENTER" | "ANY_CENTRE" | "ANY_CENTERS" | "ANY_CENTRES" => {
          rules.builds = BuildRule::Any
        }
        "REMOTE_BUILDS" | "ONE_CENTER" | "ONE_CENTRE" | "ONE_CENTERS" | "ONE_CENTRES" => {
          rules.builds = match rules.builds {
            BuildRule::AnyHome | BuildRule::OneHome => BuildRule::OneHome,
            _ => BuildRule::One,
          }
        }
        "ONE_HOME" | "ONE_HOME_CENTER" | "ONE_HOME_CENTRE" => rules.builds = BuildRule::OneHome,
        "HOME_CENTER" | "HOME_CENTRE" | "HOME_CENTERS" | "HOME_CENTRES" => {
          rules.builds = BuildRule::Home
        }
        "HOME_BUILDS" | "ANY_HOME_CENTER" | "ANY_HOME_CENTRE" => {
          rules.builds = match rules.builds {
            BuildRule::One | BuildRule::OneHome => BuildRule::OneHome,
            _ => BuildRule::AnyHome,
          }
        }
        "ANY_DISBAND" => rules.any_disband = true,
        "NO_RETREAT" | "NO_RETREATS" | "AUTO_DISBAND" => rules.auto_disband = true,
        "SUMMER" => rules.summer = true,
        "COASTAL_CONVOY" | "COASTAL_CONVOYS" => rules.coastal_convoys = true,
        "IMMOBILE_DUMMIES" | "IMMOBILE_DUMMY" => rules.immobile_dummies = true,
        "DUMMY_FIRE" => rules.dummy_fire = true,
        "CD_BUILDS" | "SMART_BUILDS" => rules.cd_builds = true,
        "VASSAL_DUMMIES" | "VASSALS" => {
          rules.vassal_dummies = true;
          rules.cd_builds = true;
        }
        "TORN_ALLEGIANCE" => rules.torn_allegiance = true,
        // Dummies are always in civil disorder here: nobody ever plays one.
        "CD_DUMMIES" | "DUMMY_CD" => {}
        // Units without orders hold here anyway; by mail the rule says
        // when a power's orders count as in (`Game::orders_complete`).
        "DEFAULT_UNORDERED" => {}
        "MOBILIZE" | "MOBILISE" => rules.mobilize = true,
        "HIBERNATE" => rules.hibernate = true,
        "NO_PARTISANS" => rules.no_partisans = true,
        "FICTIONAL_OK" => rules.fictional_ok = true,
        // Supports and convoys of units not there are shown as given and
        // fail (void), which this judge does for any such order; the rule
        // brings FICTIONAL_OK, as its text says.
        "SHOW_PHANTOM" => rules.fictional_ok = true,
        // Orders for any unit are taken; by mail only (`Game::checked_order`).
        "ORDER_ANY" => {}
        "FRIENDLY_FIRE" => rules.friendly_fire = true,
        "WEAK_BOUNCES" => rules.weak_bounces = true,
        "COASTAL_CRAWL" => rules.coastal_crawl = true,
        "SAFE_CONVOYS" | "SAFE_CONVOY" => rules.safe_convoys = true,
        "WEAK_CONVOYS" | "WEAK_CONVOY" => rules.weak_convoys = true,
        "NO_RETURN" => rules.no_return = true,
        "GARRISON" => rules.garrison = true,
        "CONVOY_BACK" => rules.no_return = false,
        "ATTACK_TRANSFORM" => rules.transform.attacked = true,
        "DISBAND" | "MOVEMENT_DISBAND" => rules.movement_disband = true,
        "WINGS" | "WING" => rules.wings = true,
        "SIGNAL_SUPPORT" | "SIGNAL_SUPPORTS" | "SIGNALS" => rules.signal_support = true,
        "NO_CHECK" => rules.no_check = true,
        "PROXY_OK" | "PROXY" => rules.proxy_ok = true,
        "NO_PROXY" => rules.proxy_ok = false,
        "PORTAGE_CONVOY" | "PORTAGE_CONVOYS" | "PORTAGE" => rules.portage_convoy = true,
        // The map's own business: the caller picks the map played so
        // (`Map::with_duality`).
        "DUALITY" | "NO_DUALITY" => {}
        // `TRANSFORM_MOVE_ANYWHERE`, `TRANSFORM MOVE:HOME`: one phase's
        // setting, the other phase's kept.
        upper if upper.starts_with("TRANSFORM_") || upper.starts_with("TRAFO_") => {
          let words = upper.split_once('_').map_or("", |(_, w)| w).replace('_', " ");
          let words = words.replacen("MOVE ", "MOVE:", 1).replacen("BUILD ", "BUILD:", 1);
          let one =
            rules.transform.parse(&words).map_err(|_| UnknownRule { name: name.to_string() })?;
          if words.starts_with("MOVE") {
            rules.transform.moves = one.moves;
          } else {
            rules.transform.builds = one.builds;
          }
        }
        _ => return Err(UnknownRule { name: name.to_string() }),
      }
    }
    Ok(rules)
  }
}
