//! The integration tests, one binary: a module per area (each file was a
//! test binary of its own, and linking seventy of them was most of CI's
//! time). The shared helpers are at the crate root under the names the
//! modules use (`judge_support`, `game_support`, …); the long soak tests
//! are the other binary, `tests/soak/`.

#[path = "support/datc.rs"]
mod datc;
#[path = "support/game.rs"]
mod game_support;
#[path = "support/godip.rs"]
mod godip;
#[path = "support/json.rs"]
mod json_support;
#[path = "support/judge.rs"]
mod judge_support;
#[path = "support/replay.rs"]
mod replay;
#[path = "support/smtp_sink.rs"]
mod smtp_sink;
#[path = "support/web.rs"]
mod web_support;
#[path = "support/year.rs"]
mod year;

mod adjudicate_cli;
mod adjudicate_fuzz;
mod adjudicate_variants;
mod blind_entry;
mod board_geometry;
mod build_sites;
mod command_language;
mod commands_info;
mod commands_offered;
mod commands_register;
mod convoy_routes;
mod data_format;
mod data_permissions;
mod datc_v24;
mod datc_v3;
mod draw_browser;
mod draw_cli;
mod draw_svg;
mod draws;
mod game_draw_replay;
mod game_master_replay;
mod game_replay;
mod games_absences;
mod games_blind;
mod games_deadlines;
mod games_dedication;
mod games_dpjudge_rules;
mod games_dummies;
mod games_forming;
mod games_future_orders;
mod games_homes;
mod games_info;
mod games_join;
mod games_lateness;
mod games_master;
mod games_orders;
mod games_payola;
mod games_processing;
mod games_rules;
mod games_settings;
mod games_store;
mod games_sweep;
mod games_transform;
mod games_variant_rules;
mod games_variants;
mod games_vassal;
mod games_xtalball;
mod history_import;
mod judge_check;
mod mail_clients;
mod mail_failures;
mod mail_inbound;
mod mail_loops;
mod mail_outbound;
mod mail_receive;
mod map_by_mail;
mod map_convert;
mod map_standard;
mod njudge_layouts;
mod njudge_transcript;
mod order_language;
mod press_sending;
mod press_settings;
mod results_words;
mod security_signon;
mod smtp_transport;
mod special_borders;
mod summary_whogame;
mod variant_features;
mod variant_initials;
mod variant_maps;
mod variants_by_mail;
mod web_browser;
mod web_pages;
mod web_seats;
