//! The DPjudge's board, press, lateness, civil-disorder, start and ending
//! rules that this judge plays under their DPjudge names: one
//! declaration each, with the njudge-style SET words that turn it on and
//! off (`command/keyword.rs` makes a [`Switch`](crate::command) of each)
//! and what the game is like with it, in words. A rule in force is kept by
//! name in the game's [`Variant::map_rules`](super::variant::Variant), so
//! LIST shows it on its Rules line; each is obeyed at one named point
//! (`Settings::rule_on`/`Variant::has_rule`), given in its comment.
//!
//! The rules the DPjudge has that an njudge SET word already does are not
//! here but in `variant.rs` (`SETTING_RULES`); those that do not fit a mail
//! judge are refused with the reason ([`misfit`]).

/// One side (on or off) of a rule: the SET words, the line of the index,
/// and what the game is like afterwards (its `Parameter Change`).
pub struct Side {
  pub spellings: &'static [&'static str],
  pub summary: &'static str,
  pub meaning: &'static str,
}

/// A DPjudge rule played here by its own name.
pub struct Rule {
  pub name: &'static str,
  pub on: Side,
  pub off: Side,
}

macro_rules! rules {
  ($($id:ident = $name:literal,
     on [$($on:literal),+] $on_summary:literal $on_meaning:literal,
     off [$($off:literal),+] $off_summary:literal $off_meaning:literal;)*) => {
    $(
      pub const $id: Rule = Rule {
        name: $name,
        on: Side { spellings: &[$($on),+], summary: $on_summary, meaning: $on_meaning },
        off: Side { spellings: &[$($off),+], summary: $off_summary, meaning: $off_meaning },
      };
    )*
    /// Every rule of this module, in the order the help gives them.
    pub const RULES: &[Rule] = &[$($id),*];
  };
}

rules! {
  // ---------------------------------------------------------------- board
  // The board rules' own words (`rules/mod.rs` `Rules::with_names`).
  COASTAL_CRAWL = "COASTAL_CRAWL",
    on ["SET COASTAL CRAWL"]
      "Two fleets swapping a two-coast province and its neighbour pass each other when coasts differ."
      "fleets swapping a two-coast province and its neighbour\n\
       pass each other when the coast named is not the one the other stands on\n\
       (COASTAL_CRAWL)",
    off ["SET NO COASTAL CRAWL"]
      "Fleets swapping places always meet and bounce (the default)."
      "fleets swapping places meet and bounce (no COASTAL_CRAWL)";
  FRIENDLY_FIRE = "FRIENDLY_FIRE",
    on ["SET FRIENDLY FIRE"]
      "A power's units may dislodge each other and cut each other's supports."
      "a power's units may dislodge each other and cut each\n\
       other's supports (FRIENDLY_FIRE)",
    off ["SET NO FRIENDLY FIRE"]
      "A power never dislodges its own units (the default)."
      "a power never dislodges its own units or cuts its own\n\
       supports";
  DUMMY_FIRE = "DUMMY_FIRE",
    on ["SET DUMMY FIRE"]
      "A dummy's units may dislodge each other and cut each other's supports."
      "a dummy's units may dislodge each other and cut each\n\
       other's supports (DUMMY_FIRE)",
    off ["SET NO DUMMY FIRE"]
      "A dummy never dislodges its own units (the default)."
      "a dummy never dislodges its own units";
  WEAK_BOUNCES = "WEAK_BOUNCES",
    on ["SET WEAK BOUNCES"]
      "A unit ordered to move has no strength to hold its province, moved or not."
      "a unit ordered to move has no strength to hold its\n\
       province, moved or not (WEAK_BOUNCES)",
    off ["SET NO WEAK BOUNCES"]
      "A unit that failed to move holds its province with strength one (the default)."
      "a unit that failed to move holds its province with\n\
       strength one";
  SAFE_CONVOYS = "SAFE_CONVOYS",
    on ["SET SAFE CONVOYS"]
      "A convoy fails when its fleet is beleaguered by attacks that outdo its hold."
      "a convoy fails when its fleet is beleaguered\n\
       (SAFE_CONVOYS)",
    off ["SET NO SAFE CONVOYS"]
      "Only a dislodged fleet breaks a convoy (the default)."
      "only a dislodged fleet breaks a convoy";
  WEAK_CONVOYS = "WEAK_CONVOYS",
    on ["SET WEAK CONVOYS"]
      "A convoy fails when any foreign attack on its fleet is as strong as the fleet's hold."
      "a convoy fails when a foreign attack on its fleet is as\n\
       strong as its hold (WEAK_CONVOYS)",
    off ["SET NO WEAK CONVOYS"]
      "Only a dislodged fleet breaks a convoy (the default)."
      "only a dislodged fleet breaks a convoy";
  PORTAGE_CONVOY = "PORTAGE_CONVOY",
    on ["SET PORTAGE", "SET PORTAGE CONVOY", "SET PORTAGE CONVOYS"]
      "Armies carry fleets overland (F Lon-Wal-Lvp with A Wal C F Lon-Lvp)."
      "armies may carry fleets overland between coasts\n\
       (PORTAGE_CONVOY): F Lon-Wal-Lvp with A Wal C F Lon-Lvp",
    off ["SET NO PORTAGE", "SET NO PORTAGE CONVOY", "SET NO PORTAGE CONVOYS"]
      "Only fleets convoy, and only armies (the default)."
      "armies no longer carry fleets (no PORTAGE_CONVOY)";
  NO_RETURN = "NO_RETURN",
    on ["SET NO CONVOY BACK"]
      "A convoy route may not pass a sea twice (DPjudge NO_RETURN)."
      "a convoy route may not pass a sea twice, nor a convoy need\n\
       one that does (NO_RETURN)",
    off ["SET CONVOY BACK"]
      "A written convoy route may pass a sea twice, as njudge allows (the default)."
      "a written convoy route may pass a sea twice";
  GARRISON = "GARRISON",
    on ["SET REVIVAL"]
      "A power with no centres and no enemy on its homes keeps its units and builds one a year."
      "a power with no centres and no other power's unit on its\n\
       homes keeps its units and may build one in a home each year (GARRISON)",
    off ["SET NO REVIVAL"]
      "A power with no centres is out of the game (the default)."
      "a power with no centres loses its units";
  NO_PARTISANS = "NO_PARTISANS",
    on ["SET NO PARTISANS"]
      "The map's partisan sites do not count."
      "the map's partisan sites do not count (NO_PARTISANS)",
    off ["SET PARTISANS"]
      "The map's partisan sites count, as the map says (the default)."
      "the map's partisan sites count";
  HIBERNATE = "HIBERNATE",
    on ["SET HIBERNATE"]
      "A unit where the map closes this phase stays, and may only hold."
      "a unit standing where the map closes stays and may only\n\
       hold (HIBERNATE)",
    off ["SET NO HIBERNATE"]
      "A unit where the map closes is lost (the default)."
      "a unit standing where the map closes is lost";
  IMMOBILE_DUMMIES = "IMMOBILE_DUMMIES",
    on ["SET IMMOBILE DUMMIES"]
      "Dummies' units never move, and are destroyed when dislodged."
      "dummies' units never move, and are destroyed when\n\
       dislodged (IMMOBILE_DUMMIES)",
    off ["SET NO IMMOBILE DUMMIES"]
      "Dummies' units move as ordered (the default)."
      "dummies' units move as ordered";
  DEFAULT_UNORDERED = "DEFAULT_UNORDERED",
    on ["SET HOLD UNORDERED"]
      "A power's orders count as in once it has sent any; units left out hold."
      "a power's orders count as in once it has sent any; the\n\
       units it leaves out hold (DEFAULT_UNORDERED)",
    off ["SET NO HOLD UNORDERED"]
      "A power's orders are in once every unit is ordered (the default)."
      "a power's orders are in once every unit has one";
  FICTIONAL_OK = "FICTIONAL_OK",
    on ["SET FICTIONAL"]
      "Orders may help units that are not there; the help fails when adjudicated."
      "orders may support or convoy units that are not there, and\n\
       fail (FICTIONAL_OK)",
    off ["SET NO FICTIONAL"]
      "Orders may help only units that are there (the default)."
      "orders may help only units that are there";
  SHOW_PHANTOM = "SHOW_PHANTOM",
    on ["SET PHANTOMS"]
      "Supports and convoys of units not there are taken and shown as given, void."
      "supports and convoys of units that are not there are taken\n\
       and shown as given, void (SHOW_PHANTOM)",
    off ["SET NO PHANTOMS"]
      "Orders may help only units that are there (the default)."
      "orders may help only units that are there";
  ORDER_ANY = "ORDER_ANY",
    on ["SET ORDER ANY"]
      "Orders for any unit are taken; only the owner's (or proxy's) are carried out."
      "orders for any unit are taken, and carried out only for\n\
       the unit's owner or the power it is proxied to (ORDER_ANY)",
    off ["SET NO ORDER ANY"]
      "Orders are taken for one's own units only (the default)."
      "orders are taken for one's own units only";
  NO_CHECK = "NO_CHECK",
    on ["SET NO CHECK"]
      "Orders are kept as written and checked only when the phase is processed."
      "movement orders are kept as written and checked when the\n\
       phase is processed (NO_CHECK)",
    off ["SET CHECK"]
      "Orders are checked as they come in (the default)."
      "orders are checked as they come in";
  SIGNAL_SUPPORT = "SIGNAL_SUPPORT",
    on ["SET SIGNALS"]
      "A support the unit cannot give is taken as a signal, and is void."
      "a support a unit cannot give is taken as a signal, and is\n\
       void (SIGNAL_SUPPORT)",
    off ["SET NO SIGNALS"]
      "A support the unit cannot give is refused (the default)."
      "a support a unit cannot give is refused";
  // ---------------------------------------------------------- Crystal Ball
  // Crystal Ball's own (`xtal.rs`); refused in other games.
  PUBLIC_LISTS = "PUBLIC_LISTS",
    on ["SET PUBLIC LISTS", "SET PUBLIC LIST"]
      "Crystal Ball: every power's carried-out list goes to everyone, and into HISTORY."
      "every power's Crystal Ball list, as carried out, goes to\n\
       everyone after each movement phase, and into HISTORY (PUBLIC_LISTS)",
    off ["SET NO PUBLIC LISTS", "SET NO PUBLIC LIST", "SET PRIVATE LISTS"]
      "Crystal Ball: each player sees only its own lists until the end (the default)."
      "each player sees only its own Crystal Ball lists until the\n\
       game ends (no PUBLIC_LISTS)";
  LIMIT_LISTS = "LIMIT_LISTS",
    on ["SET LIMITED LISTS", "SET LIMITED LIST", "SET LIMIT LISTS"]
      "Crystal Ball: as PUBLIC LISTS, each list cut to the largest power's centre count."
      "the first L entries of every power's Crystal Ball list (L:\n\
       the largest power's centres) go to everyone after each movement\n\
       phase, and into HISTORY (LIMIT_LISTS)",
    off ["SET NO LIMITED LISTS", "SET NO LIMITED LIST", "SET NO LIMIT LISTS"]
      "Crystal Ball: published lists are not cut (the default)."
      "Crystal Ball lists are no longer cut to L entries (no\n\
       LIMIT_LISTS)";
  // --------------------------------------------------------------- Payola
  // Payola's own (`payola.rs`); refused in other games.
  ANON_TRANSFER = "ANON_TRANSFER",
    on ["SET ANONYMOUS TRANSFERS", "SET ANONYMOUS TRANSFER"]
      "Payola: the receiver of a TRANSFER is not told who sent it."
      "the receiver of a transfer is not told who sent it\n\
       (ANON_TRANSFER)",
    off ["SET SIGNED TRANSFERS", "SET SIGNED TRANSFER"]
      "Payola: the receiver of a TRANSFER is told who sent it (the default)."
      "the receiver of a transfer is told who sent it";
  NO_DONATIONS = "NO_DONATIONS",
    on ["SET NO DONATIONS"]
      "Payola: a power with no centres may not transfer, and its money is lost."
      "a power left with no centres may not transfer money, and\n\
       loses its treasury (NO_DONATIONS)",
    off ["SET DONATIONS"]
      "Payola: a power with no centres keeps its money and may give it (the default)."
      "a power with no centres keeps its money and may give it";
  NO_TRANSFER = "NO_TRANSFER",
    on ["SET NO TRANSFERS", "SET NO TRANSFER"]
      "Payola: no money may be transferred between powers."
      "no money may be transferred between powers (NO_TRANSFER)",
    off ["SET TRANSFERS"]
      "Payola: powers may transfer money (the default)."
      "powers may transfer money to each other";
  ONE_TRANSFER = "ONE_TRANSFER",
    on ["SET ONE TRANSFER"]
      "Payola: at most one transfer to each power per phase."
      "each power may transfer money to each other power at most\n\
       once a phase (ONE_TRANSFER)",
    off ["SET ANY TRANSFERS"]
      "Payola: any number of transfers per phase (the default)."
      "transfers are not limited in number";
  NO_LOOTING = "NO_LOOTING",
    on ["SET NO LOOTING"]
      "Payola: a dummy's Master may not transfer the dummy's money."
      "a dummy's money may not be transferred (NO_LOOTING)",
    off ["SET LOOTING"]
      "Payola: a dummy's money may be transferred (the default)."
      "a dummy's money may be transferred";
  FLAT_TAX = "FLAT_TAX",
    on ["SET FLAT TAX"]
      "Payola: each centre brings as many AgP a year as the map has powers."
      "each centre brings as many AgP a year as the\n\
       map has powers (FLAT_TAX)",
    off ["SET SLIDING TAX"]
      "Payola: the first centres bring the most (the default)."
      "a power's first centres bring the most income";
  NO_HOARDING = "NO_HOARDING",
    on ["SET NO HOARDING"]
      "Payola: money unspent at the year's end is lost before income comes."
      "money unspent at the end of the year is lost (NO_HOARDING)",
    off ["SET HOARDING"]
      "Payola: unspent money is kept (the default)."
      "unspent money is kept from year to year";
  ZEROSUM = "ZEROSUM",
    on ["SET ZERO SUM"]
      "Payola: no tax; bribes paid to your units and captured treasuries are income."
      "there is no tax: bribes paid to a power's units are its\n\
       income, and a captured centre brings a share of its owner's treasury\n\
       (ZEROSUM)",
    off ["SET NO ZERO SUM"]
      "Payola: income is a tax on centres (the default)."
      "income is a tax on centres";
  EBAYOLA = "EBAYOLA",
    on ["SET EBAYOLA"]
      "Payola: the winning bribe costs one AgP more than the best losing one."
      "a winning bribe costs one AgP more than the\n\
       best losing one (EBAYOLA)",
    off ["SET NO EBAYOLA"]
      "Payola: a winning bribe costs what was offered (the default)."
      "a winning bribe costs what was offered";
  HIDE_COST = "HIDE_COST",
    on ["SET NO LEDGER COSTS"]
      "Payola: ledgers do not say what each of your units was paid."
      "ledgers do not say what each of a power's units was paid\n\
       (HIDE_COST)",
    off ["SET LEDGER COSTS"]
      "Payola: ledgers say what each of your units was paid (the default)."
      "ledgers say what each of a power's units was paid";
  HIDE_OFFERS = "HIDE_OFFERS",
    on ["SET NO LEDGER OFFERS"]
      "Payola: ledgers leave out your offer sheet and which offers were taken."
      "ledgers leave out the offer sheet and which offers were\n\
       taken (HIDE_OFFERS)",
    off ["SET LEDGER OFFERS"]
      "Payola: ledgers show your offers and which were taken (the default)."
      "ledgers show the offer sheet and which offers were taken";
  PUBLIC_TOTALS = "PUBLIC_TOTALS",
    on ["SET PUBLIC TOTALS"]
      "Payola: every unit's bribe totals are published with the results."
      "every unit's bribe totals, for each order offered, are\n\
       published with the results, without who paid (PUBLIC_TOTALS)",
    off ["SET NO PUBLIC TOTALS"]
      "Payola: bribe totals stay secret (the default)."
      "bribe totals stay secret";
  NO_LEDGERS = "NO_LEDGERS",
    on ["SET NO LEDGERS"]
      "Payola: no ledgers or income reports are mailed (money is still spent)."
      "no ledgers or income reports are mailed; bribes are still\n\
       paid (NO_LEDGERS)",
    off ["SET LEDGERS"]
      "Payola: each power gets its ledger after each turn (the default)."
      "each power gets its ledger after each movement turn";
  DIRECT_ONLY = "DIRECT_ONLY",
    on ["SET DIRECT ONLY"]
      "Payola: one plain (:) offer per unit; no wildcards, repeats or additions."
      "each power may make one plain (:) offer per unit, with no\n\
       wildcards, alternatives, repeats or additions (DIRECT_ONLY)",
    off ["SET NO DIRECT ONLY"]
      "Payola: every kind of offer is allowed (the default)."
      "every kind of offer is allowed";
  PAY_DUMMIES = "PAY_DUMMIES",
    on ["SET PAY DUMMIES"]
      "Payola: powers order their own units; only dummies' units take bribes."
      "powers order their own units as usual and only dummies'\n\
       units take bribes (PAY_DUMMIES)",
    off ["SET NO PAY DUMMIES"]
      "Payola: every unit takes bribes (the default)."
      "every unit takes bribes";
  NO_SAVINGS = "NO_SAVINGS",
    on ["SET NO SAVINGS"]
      "Payola: no savings ($) lines and no plateaus (#)."
      "offer sheets may have no savings ($) lines and no plateaus\n\
       (#) (NO_SAVINGS)",
    off ["SET SAVINGS"]
      "Payola: savings lines and plateaus are allowed (the default)."
      "savings lines and plateaus are allowed";
  NO_PLATEAU = "NO_PLATEAU",
    on ["SET NO PLATEAUS", "SET NO PLATEAU"]
      "Payola: offers may have no plateaus (#)."
      "offers may have no plateaus (#) (NO_PLATEAU)",
    off ["SET PLATEAUS", "SET PLATEAU"]
      "Payola: offers may have plateaus (the default)."
      "offers may have plateaus";
  LIMIT_OFFERS = "LIMIT_OFFERS",
    on ["SET LIMIT OFFERS", "SET LIMITED OFFERS"]
      "Payola: a sheet's offers may not add up to more than the money available."
      "a power's offers may not add up to more than the money it\n\
       has (LIMIT_OFFERS, which brings DIRECT_ONLY)",
    off ["SET NO LIMIT OFFERS", "SET NO LIMITED OFFERS"]
      "Payola: offers may add up to more than the treasury (the default)."
      "offers may add up to more than the treasury";
  REMOTE_BRIBE = "REMOTE_BRIBE",
    on ["SET BRIBES REMOTE"]
      "Payola: only foreign units not next to one of yours may be bribed."
      "only foreign units out of reach of the briber's own units\n\
       may be bribed (REMOTE_BRIBE)",
    off ["SET NO BRIBES REMOTE"]
      "Payola: any unit may be bribed (the default)."
      "any unit may be bribed, wherever it stands";
  TOUCH_BRIBE = "TOUCH_BRIBE",
    on ["SET BRIBES ADJACENT"]
      "Payola: only foreign units next to one of yours may be bribed."
      "only foreign units next to one of the briber's own units\n\
       may be bribed (TOUCH_BRIBE)",
    off ["SET BRIBES ANY"]
      "Payola: any unit may be bribed (the default)."
      "any unit may be bribed, wherever it stands";
  ZERO_FOREIGN = "ZERO_FOREIGN",
    on ["SET ZERO BRIBES"]
      "Payola: offers of 0 AgP to other powers' units are allowed."
      "offers of 0 AgP to other powers' units are allowed\n\
       (ZERO_FOREIGN)",
    off ["SET NO ZERO BRIBES"]
      "Payola: a 0 AgP offer may go only to your own units (the default)."
      "a 0 AgP offer may go only to a power's own units";
  PAYOLA_CLASSIC = "PAYOLA_CLASSIC",
    on ["SET CLASSIC PAYOLA"]
      "Payola: the original rules (FLAT TAX, NO SAVINGS, DIRECT ONLY, ZERO BRIBES)."
      "the original Payola rules: FLAT_TAX,\n\
       NO_SAVINGS, DIRECT_ONLY and ZERO_FOREIGN (PAYOLA_CLASSIC)",
    off ["SET NO CLASSIC PAYOLA"]
      "Payola: not the original rules (the rules it brought stay until turned off)."
      "the game is no longer marked as classic Payola";
  // -------------------------------------------------------------- secrecy
  // `announce::late`, `report::listing`.
  HIDE_LATE_POWERS = "HIDE_LATE_POWERS",
    on ["SET NO NAME LATE"]
      "Late notices to the others do not say who is late; the Masters are told."
      "the others are told that orders are late, not whose; each\n\
       late player hears of its own, the Masters of all (HIDE_LATE_POWERS)",
    off ["SET NAME LATE"]
      "Late notices name the late powers (the default)."
      "late notices name the late powers (no HIDE_LATE_POWERS)";
  // `report::listing`, `report::roster`, `press::recipients`.
  HIDE_DUMMIES = "HIDE_DUMMIES",
    on ["SET HIDDEN DUMMIES"]
      "Powers nobody plays look like played ones; press to them reaches their controller."
      "the powers nobody plays look like played ones to the\n\
       players, and press to one reaches its controller or the Masters\n\
       (HIDE_DUMMIES)",
    off ["SET NO HIDDEN DUMMIES"]
      "The powers nobody plays are listed as such (the default)."
      "the powers nobody plays are listed as such (no HIDE_DUMMIES)";
  // `session::conclude`.
  BROADCAST_ORDERS = "BROADCAST_ORDERS",
    on ["SET OPEN ORDERS"]
      "Each power's orders go to everyone as they are taken (teaching games)."
      "each power's orders go to everyone as they are taken\n\
       (BROADCAST_ORDERS)",
    off ["SET NO OPEN ORDERS"]
      "Orders stay secret until the results (the default)."
      "orders stay secret until the results (no BROADCAST_ORDERS)";
  // ---------------------------------------------------------------- press
  // `press.rs` `plan`: broadcasts are grey, partial press white.
  YELLOW_PRESS = "YELLOW_PRESS",
    on ["SET YELLOW PRESS", "SET YELLOW"]
      "Make broadcasts anonymous; private press stays signed (YELLOW_PRESS)."
      "broadcasts are anonymous and private press is signed\n\
       (YELLOW_PRESS)",
    off ["SET NO YELLOW PRESS", "SET NO YELLOW"]
      "Sign broadcasts like other press (the default)."
      "broadcasts are signed like other press (no YELLOW_PRESS)";
  // `press_rules.rs` `late_receiver`.
  NO_LATE_RECEIVE = "NO_LATE_RECEIVE",
    on ["SET NO LATE RECEIVE"]
      "Once the deadline has passed, refuse private press to late powers."
      "once the deadline has passed, private press no longer\n\
       goes to powers whose orders are late (NO_LATE_RECEIVE)",
    off ["SET LATE RECEIVE"]
      "Late powers may be written to as any other (the default)."
      "late powers may be written to as any other (no NO_LATE_RECEIVE)";
  // `press.rs` `face_to_face_refusal`.
  FTF_PRESS = "FTF_PRESS",
    on ["SET FTF PRESS", "SET FACE TO FACE PRESS"]
      "Press only to the Master outside movement phases and after the deadline."
      "press is face to face (FTF_PRESS): outside movement\n\
       phases and once a deadline has passed, press goes only to the Master",
    off ["SET NO FTF PRESS", "SET NO FACE TO FACE PRESS"]
      "Press is not limited to movement phases (the default)."
      "press is no longer limited to movement phases (no\n\
       FTF_PRESS)";
  // `press.rs` `plan` (the FROM option and the fakes it allows).
  FAKE_PRESS = "FAKE_PRESS",
    on ["SET FAKE SENDER", "SET FAKE SENDERS"]
      "Let press claim another sender (PRESS FROM power) and false recipients."
      "press may claim another power as its sender (PRESS FROM\n\
       power TO list) and false recipients (FAKE_PRESS); never to or from the\n\
       Master",
    off ["SET NO FAKE SENDER", "SET NO FAKE SENDERS"]
      "Press always shows its true sender (the default)."
      "press always shows its true sender (no FAKE_PRESS)";
  // `press_rules.rs` `contact_refusal`.
  TOUCH_PRESS = "TOUCH_PRESS",
    on ["SET NEIGHBOR PRESS", "SET NEIGHBOUR PRESS"]
      "Private press only to powers whose units could support yours in place."
      "private press goes only to powers with a unit that could\n\
       support one of the sender's in place, or that one of the sender's could (the\n\
       DPjudge's TOUCH_PRESS); broadcasts only with NO PARTIAL",
    off ["SET NO NEIGHBOR PRESS", "SET NO NEIGHBOUR PRESS"]
      "Press goes to any power (the default)."
      "private press goes to any power (no TOUCH_PRESS)";
  // `press_rules.rs` `contact_refusal`.
  REMOTE_PRESS = "REMOTE_PRESS",
    on ["SET REMOTE PRESS"]
      "Private press only to powers far from you: no support contact, no centre in reach."
      "private press goes only to powers with centres and no\n\
       unit in support contact with the sender's, none that could enter a centre of\n\
       the other (REMOTE_PRESS); broadcasts only with NO PARTIAL",
    off ["SET NO REMOTE PRESS"]
      "Press goes to any power (the default)."
      "private press goes to any power (no REMOTE_PRESS)";
  // `press_rules.rs` `backseat_refusal`.
  BACKSEAT_PRESS = "BACKSEAT_PRESS",
    on ["SET BACKSEAT PRESS"]
      "Players write only to the Master; observers may only broadcast."
      "players write only to the Master, and observers may only\n\
       broadcast (BACKSEAT_PRESS)",
    off ["SET NO BACKSEAT PRESS"]
      "Players and observers write as the press settings allow (the default)."
      "players and observers write as the press settings allow\n\
       (no BACKSEAT_PRESS)";
  // `press.rs` `recipients`: the Masters are watchers of all press.
  EAVESDROP = "EAVESDROP",
    on ["SET MASTERS READ ALL PRESS"]
      "Every Master gets a copy of all partial press, as with their own SET ALL PRESS."
      "every Master gets a silent copy of all partial press\n\
       (EAVESDROP, as each Master's SET ALL PRESS)",
    off ["SET NO MASTERS READ ALL PRESS"]
      "Masters get copies only when they SET ALL PRESS (the default)."
      "Masters get copies of partial press only when they SET\n\
       ALL PRESS (no EAVESDROP)";
  // `press.rs` `recipients`: Masters skip broadcasts.
  PRESS_MASTER = "PRESS_MASTER",
    on ["SET MASTERS SKIP BROADCASTS"]
      "Masters get broadcasts only when named, as with their own SET NO BROADCAST."
      "broadcasts do not go to the Masters unless addressed to\n\
       them (PRESS_MASTER, as each Master's SET NO BROADCAST)",
    off ["SET NO MASTERS SKIP BROADCASTS"]
      "Masters get broadcasts (the default)."
      "broadcasts go to the Masters too (no PRESS_MASTER)";
  // ------------------------------------------------------------ deadlines
  // `play.rs` `orders` (through `Game::late_change_refusal`).
  NO_LATE_CHANGES = "NO_LATE_CHANGES",
    on ["SET NO LATE CHANGES"]
      "Once the deadline has passed, orders already in cannot be changed."
      "once the deadline has passed, orders already in cannot be\n\
       changed (NO_LATE_CHANGES)",
    off ["SET LATE CHANGES"]
      "Orders may be changed until the phase is processed (the default)."
      "orders may be changed until the phase is processed (LATE_CHANGES)";
  // `Game::due_at` (no delay) and `Game::may_wait` (no SET WAIT).
  REAL_TIME = "REAL_TIME",
    on ["SET REAL TIME"]
      "Process as soon as the last orders are in; nobody may SET WAIT."
      "each phase is processed as soon as the last orders are\n\
       in, and nobody may SET WAIT (REAL_TIME)",
    off ["SET NO REAL TIME"]
      "Process after the usual delay, and allow SET WAIT (the default)."
      "phases are processed after the usual delay (no REAL_TIME)";
  // `Game::due_at`: a standing wait.
  ALWAYS_WAIT = "ALWAYS_WAIT",
    on ["SET ALWAYS WAIT"]
      "Never process before the deadline unless the Master sends PROCESS."
      "no phase is processed before its deadline unless the\n\
       Master sends PROCESS (ALWAYS_WAIT)",
    off ["SET NO ALWAYS WAIT"]
      "Process early when all orders are in (the default)."
      "phases are processed early once all orders are in (no\n\
       ALWAYS_WAIT)";
  // `Game::may_wait`; and ALWAYS_WAIT only in movement phases.
  NO_MINOR_WAIT = "NO_MINOR_WAIT",
    on ["SET NO MINOR WAIT"]
      "SET WAIT only in movement phases."
      "SET WAIT is taken only in movement phases (NO_MINOR_WAIT)",
    off ["SET MINOR WAIT"]
      "SET WAIT in any phase (the default)."
      "SET WAIT is taken in any phase (no NO_MINOR_WAIT)";
  // `timing.rs` `set_deadline`.
  PLAYER_DEADLINES = "PLAYER_DEADLINES",
    on ["SET EXTENSIONS"]
      "Let any player put the deadline later (only the Master brings it sooner)."
      "any player may put the deadline later with SET DEADLINE;\n\
       only the Master may bring it sooner (PLAYER_DEADLINES)",
    off ["SET NO EXTENSIONS"]
      "Only the Master moves the deadline (the default in a game with one)."
      "only the Master moves the deadline (no PLAYER_DEADLINES)";
  // `timing.rs` `set_absence`.
  NO_ABSENCES = "NO_ABSENCES",
    on ["SET NO ABSENCES"]
      "Only the Master may SET ABSENCE."
      "only the Master may SET ABSENCE (NO_ABSENCES)",
    off ["SET PLAYER ABSENCES"]
      "Players may SET ABSENCE (the default)."
      "players may SET ABSENCE (no NO_ABSENCES)";
  // ------------------------------------------------------- civil disorder
  // `process.rs` `civil_disorder_builds` (played before issue 27).
  CD_BUILDS = "CD_BUILDS",
    on ["SET SMART BUILDS"]
      "A power in civil disorder builds in its free home centres instead of waiving."
      "a power in civil disorder builds in its free home centres\n\
       instead of waiving (CD_BUILDS)",
    off ["SET NO SMART BUILDS"]
      "A power in civil disorder waives its builds (the default)."
      "a power in civil disorder waives its builds (no CD_BUILDS)";
  // `process.rs` `process_one` through `civil_disorder.rs`.
  CD_RETREATS = "CD_RETREATS",
    on ["SET SMART RETREATS"]
      "A power in civil disorder retreats toward centres instead of disbanding."
      "a power in civil disorder retreats its dislodged units,\n\
       centres it lacks first, instead of disbanding them (CD_RETREATS)",
    off ["SET NO SMART RETREATS"]
      "A power in civil disorder disbands its dislodged units (the default)."
      "a power in civil disorder disbands its dislodged units (no\n\
       CD_RETREATS)";
  // `process.rs` `process_one` through `civil_disorder.rs`.
  CD_SUPPORTS = "CD_SUPPORTS",
    on ["SET SMART SUPPORTS"]
      "A power in civil disorder supports its threatened units instead of holding (brings NMR)."
      "a power in civil disorder supports its threatened units\n\
       instead of holding (CD_SUPPORTS)",
    off ["SET NO SMART SUPPORTS"]
      "A power in civil disorder holds (the default)."
      "a power in civil disorder holds (no CD_SUPPORTS)";
  // Nothing itself: it brings CD_RETREATS, CD_BUILDS and CD_SUPPORTS.
  SMART_CD = "SMART_CD",
    on ["SET SMART CD"]
      "SMART RETREATS, SMART BUILDS and SMART SUPPORTS together."
      "a power in civil disorder retreats, builds and supports\n\
       sensibly (SMART_CD: CD_RETREATS, CD_BUILDS and CD_SUPPORTS)",
    off ["SET NO SMART CD"]
      "SMART_CD is off."
      "SMART_CD is off (the SMART RETREATS, BUILDS and\n\
       SUPPORTS stay as they are)";
  // ---------------------------------------------------------- the end
  // `vote.rs` `draws_refused` (the rule was played before issue 27).
  NO_DRAW = "NO_DRAW",
    on ["SET SOLO ONLY"]
      "No draws nor concessions: only a solo ends the game."
      "no draws nor concessions: only a solo ends the game (NO_DRAW)",
    off ["SET NO SOLO ONLY"]
      "Draws and concessions may end the game (the default)."
      "draws and concessions may end the game (no NO_DRAW)";
  // Nothing itself: it brings NO_RETREAT and NO_DRAW.
  NO_QUARTER = "NO_QUARTER",
    on ["SET NO QUARTER"]
      "No retreats and no draws (AUTO DISBAND and SOLO ONLY)."
      "no quarter: dislodged units are destroyed and only a solo\n\
       ends the game (NO_QUARTER)",
    off ["SET QUARTER"]
      "NO_QUARTER is off."
      "NO_QUARTER is off (AUTO DISBAND and SOLO ONLY stay as they are)";
  // `session/vote.rs` `set_draw` and `set_no_draw` (`Game::proposes_draws`).
  PROPOSE_DIAS = "PROPOSE_DIAS",
    on ["SET PROPOSALS"]
      "SET DRAW proposes a draw of all survivors, or agrees; SET NO DRAW vetoes."
      "a draw is proposed and agreed to with SET DRAW, and any\n\
       survivor's SET NO DRAW vetoes it (PROPOSE_DIAS)",
    off ["SET NO PROPOSALS"]
      "Draws are voted with standing SET DRAW votes (the default)."
      "draws are voted with standing SET DRAW votes (no\n\
       PROPOSE_DIAS)";
  // `session/vote.rs` `propose_or_agree`; it brings PROPOSE_DIAS.
  HIDE_PROPOSER = "HIDE_PROPOSER",
    on ["SET NO NAME PROPOSER"]
      "A draw proposal is announced without naming who proposed it."
      "a draw proposal is announced without naming who proposed\n\
       it (HIDE_PROPOSER, with PROPOSE_DIAS)",
    off ["SET NAME PROPOSER"]
      "A draw proposal names who proposed it (the default)."
      "a draw proposal names who proposed it (no HIDE_PROPOSER)";
  // `process.rs` the victory test.
  HOLD_WIN = "HOLD_WIN",
    on ["SET HOLD WIN"]
      "A solo needs the victory count at two year-ends in a row."
      "a power wins only when it has the victory count at two\n\
       year-ends in a row (HOLD_WIN)",
    off ["SET NO HOLD WIN"]
      "A solo is won at the first year-end with the count (the default)."
      "a power wins at the first year-end with the count (no HOLD_WIN)";
  // `process.rs` `shared_winners`.
  SHARED_VICTORY = "SHARED_VICTORY",
    on ["SET SHARED VICTORY"]
      "Every power with the victory count at the same year-end wins, jointly."
      "every power with the victory count at the same year-end\n\
       wins, jointly; a tie no longer raises the count (SHARED_VICTORY)",
    off ["SET NO SHARED VICTORY"]
      "A tie at the top raises the victory count (the default)."
      "a tie at the top raises the victory count (no\n\
       SHARED_VICTORY)";
  // `process.rs` `victory_score` and `victory_target`.
  VICTORY_HOMES = "VICTORY_HOMES",
    on ["SET HOME VICTORY"]
      "Only other powers' home centres count toward victory (10 on Standard)."
      "only other powers' home centres a power holds count toward\n\
       victory, and the count is half the other powers' homes and one more\n\
       (VICTORY_HOMES)",
    off ["SET NO HOME VICTORY"]
      "Every centre counts toward victory (the default)."
      "every centre counts toward victory (no VICTORY_HOMES)";
  // `game/deadline.rs` `next_deadline_skipping`.
  JUMP_OFF_DAYS = "JUMP_OFF_DAYS",
    on ["SET SKIP DAYS"]
      "Days SET DAYS leaves out do not count in the time to the next deadline."
      "days the deadline settings leave out are not counted in\n\
       the time to the next deadline (JUMP_OFF_DAYS)",
    off ["SET NO SKIP DAYS"]
      "A deadline falling on a day left out moves to the next day allowed."
      "a deadline falling on a day left out moves to the next\n\
       day allowed (no JUMP_OFF_DAYS)";
  // `game/clock.rs` `tick`, `announce::civil_preview`.
  CIVIL_PREVIEW = "CIVIL_PREVIEW",
    on ["SET PREVIEW LATE"]
      "At the end of grace with powers late, the Masters get a preview; PROCESS decides."
      "when grace ends with powers late, the Masters get a\n\
       preview of the results and the phase waits for their PROCESS or the\n\
       late orders (CIVIL_PREVIEW)",
    off ["SET NO PREVIEW LATE"]
      "At the end of grace late powers are dealt with as SET NMR says (the default)."
      "at the end of grace late powers are dealt with as the\n\
       NMR setting says (no CIVIL_PREVIEW)";
  // `process.rs` `winner`: a leader's count adds its vassals' centres.
  TEAM_VICTORY = "TEAM_VICTORY",
    on ["SET TEAM VICTORY"]
      "A power's victory count includes the centres of its vassals."
      "a power's victory count includes its vassals' centres\n\
       (TEAM_VICTORY, always so under VASSAL_DUMMIES)",
    off ["SET NO TEAM VICTORY"]
      "A power counts only its own centres, but under VASSAL_DUMMIES (the default)."
      "a power counts only its own centres, but under\n\
       VASSAL_DUMMIES (no TEAM_VICTORY)";
  // `session/join.rs`: no broadcast when a player joins.
  SILENT_JOIN = "SILENT_JOIN",
    on ["SET NO JOIN NOTICES"]
      "Do not tell the others when a player joins the forming game."
      "the others are not told when a player joins (SILENT_JOIN)",
    off ["SET JOIN NOTICES"]
      "Tell the others when a player joins (the default)."
      "the others are told when a player joins (no SILENT_JOIN)";
  // `report.rs`: LIST names the powers waiting.
  LIST_WAITERS = "LIST_WAITERS",
    on ["SET NAME WAITERS"]
      "LIST names the powers that SET WAIT."
      "LIST names the powers that have set WAIT (LIST_WAITERS)",
    off ["SET NO NAME WAITERS"]
      "LIST says only that someone waits (the default)."
      "LIST says only that someone waits (no LIST_WAITERS)";
}

/// The rule of this module called `name`, if any.
pub fn rule(name: &str) -> Option<&'static Rule> {
  RULES.iter().find(|r| r.name.eq_ignore_ascii_case(name))
}

/// Why a DPjudge rule that does not fit a mail judge is refused, if it is
/// one of those.
pub fn misfit(name: &str) -> Option<&'static str> {
  Some(match name {
    "OPEN_ENTRY" => {
      "it lets people not in the DPjudge's player database join; here\n\
       anyone registered may sign on (REGISTER), and SET ALLOW and SET DENY\n\
       choose who"
    }
    "NO_EOG" => {
      "it keeps broadcasts after the end off the DPjudge's web page of\n\
       end-of-game statements; this judge keeps them in the game's history"
    }
    "ALWAYS_CONFIRM" => {
      "it makes the web page mail a receipt for every order; by mail\n\
       every message of orders is already answered with the orders in"
    }
    "EXCHANGE" => {
      "the DPjudge never wrote its rules (stock trading and elections);\n\
       there is nothing to play"
    }
    "SOLITAIRE" | "LAST_MAN_STANDING" => {
      "it is a puzzle the Master plays alone, with no players and no\n\
       deadlines; 'judge adjudicate' solves such positions"
    }
    "JUDGE_PRESS" => "it sent press through an older judge the DPjudge stood in front of",
    _ => return None,
  })
}

/// DPjudge rules that say what this judge always does, and what that is:
/// SET RULE takes them (LIST shows them), and SET NO RULE changes nothing
/// either, which its answer says.
pub const ALWAYS: &[(&str, &str)] = &[
  ("SILENT_ABSENCES", "absences are told to the Masters only"),
  ("HIDE_ABSENTEES", "no notice of an absence names its power to the players"),
  ("LIST_UNORDERED", "LIST shows which powers have their orders in"),
];

impl super::Game {
  /// Whether `power` has any orders in for the current phase.
  pub fn has_orders(&self, power: crate::map::PowerId) -> bool {
    self.orders.get(power.index()).is_some_and(super::PowerOrders::any)
  }

  /// NO_LATE_CHANGES: why a power that had orders in (`had_orders`, when
  /// the message came) may not change them now, if it may not: the
  /// deadline has passed.
  pub fn late_change_refusal(
    &self,
    had_orders: bool,
    now: chrono::DateTime<chrono::Utc>,
  ) -> Option<String> {
    let passed = self.timing.deadline.is_some_and(|d| now >= d);
    (had_orders && passed && self.settings.variant.has_rule("NO_LATE_CHANGES")).then(|| {
      format!(
        "Game '{}' has NO_LATE_CHANGES: the deadline has passed, so the orders you\n\
         sent before it stand and cannot be changed.",
        self.name
      )
    })
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn the_help_names_every_rule_played_by_name_with_its_words() {
    let help = include_str!("../../data/options/dpjudge.txt");
    for rule in RULES {
      assert!(help.contains(rule.name), "{} is in info.dpjudge", rule.name);
      let words = rule.on.spellings[0].trim_start_matches("SET ").replace("NO ", "");
      assert!(help.contains(&words), "{}'s words {words} are in info.dpjudge", rule.name);
    }
  }

  /// Each rule's words turn on a rule SET RULE takes (so the switch
  /// never meets a refusal it would drop), and each side leaves the rule
  /// as it says.
  #[test]
  fn each_rule_is_one_set_rule_takes_and_its_sides_leave_it_so() {
    use crate::game::Settings;
    for rule in RULES {
      for on in [true, false] {
        let mut settings = Settings::default();
        // A game type's own rules, in a game of that type.
        let game_type = super::super::variant::game_type_of(rule.name);
        settings.variant.crystal_ball = game_type == Some("Crystal Ball");
        settings.variant.payola = game_type == Some("Payola");
        assert!(settings.set_rule(rule.name, on).is_ok(), "{}", rule.name);
        assert_eq!(settings.rule_on(rule.name), on, "{}", rule.name);
      }
    }
  }

  #[test]
  fn the_rules_that_do_not_fit_say_why() {
    for name in ["OPEN_ENTRY", "NO_EOG", "ALWAYS_CONFIRM", "EXCHANGE"] {
      assert!(misfit(name).is_some_and(|why| !why.is_empty()), "{name}");
    }
    assert!(RULES.iter().all(|r| misfit(r.name).is_none()));
  }
}
