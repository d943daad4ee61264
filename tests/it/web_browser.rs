//! `judge serve` in a real browser (Debian's Chromium, installed by
//! `.ci/run`, driven over the DevTools protocol): a player signs in,
//! orders by the text box and by a unit's pull-down, sets and clears the
//! wait flag, previews; the phase is processed by mail and the history
//! shows it. Then the same game at a phone's width: nothing wider than the
//! screen, every control a finger's size, a label on every control, no
//! script in a page; and the order form used with scripts switched off.

use crate::game_support;
use crate::judge_support;
use crate::web_support;

use std::path::PathBuf;
use std::time::Duration;

use game_support::{password, Table, FAST, START};
use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::{Browser, LaunchOptions, Tab};
use judge_support::Judge;
use web_support::Server;

use crate::draw_browser::chromium;

fn browser() -> Option<Browser> {
  let Some(path) = chromium() else {
    if std::env::var_os("CI").is_some() {
      panic!("chromium is not installed: .ci/run installs it (apt-get install chromium)");
    }
    eprintln!("notice: chromium is not installed; the browser tests are skipped");
    return None;
  };
  let options = LaunchOptions::default_builder()
    .path(Some(path))
    .headless(true)
    .sandbox(false)
    .window_size(Some((1024, 900)))
    .idle_browser_timeout(Duration::from_secs(120))
    .build()
    .expect("launch options");
  Some(Browser::new(options).expect("chromium starts"))
}

/// Opens `path` of the server and waits for the page.
fn open(tab: &Tab, server: &Server, path: &str) {
  let port = server.port.expect("a TCP server");
  tab.navigate_to(&format!("http://127.0.0.1:{port}{path}")).expect("navigate");
  tab.wait_until_navigated().expect("the page loads");
}

/// Clicks `selector` (a button or link that leaves the page) and waits
/// for the next page: the old document is marked, and the wait is over
/// when a document without the mark has loaded.
fn follow(tab: &Tab, selector: &str) {
  evaluate(tab, "document.body.dataset.left = 'yes'");
  tab.wait_for_element(selector).expect(selector).click().expect("click");
  let started = std::time::Instant::now();
  loop {
    let ready = tab
      .evaluate("document.readyState == 'complete' && !document.body.dataset.left", false)
      .ok()
      .and_then(|r| r.value)
      .and_then(|v| v.as_bool());
    if ready == Some(true) {
      return;
    }
    assert!(started.elapsed() < Duration::from_secs(30), "{selector} led nowhere");
    std::thread::sleep(Duration::from_millis(50));
  }
}

/// Clicks `selector` in a tab that runs no script: scrolled to by the
/// browser's tools and clicked where it is drawn.
fn click_without_scripts(tab: &Tab, selector: &str) {
  let element = tab.wait_for_element(selector).expect(selector);
  tab
    .call_method(headless_chrome::protocol::cdp::DOM::ScrollIntoViewIfNeeded {
      node_id: None,
      backend_node_id: Some(element.backend_node_id),
      object_id: None,
      rect: None,
    })
    .expect("scrolled to");
  let point = element.get_midpoint().expect("drawn");
  tab.click_point(point).expect("click");
}

/// The page's HTML, read without a script.
fn html_without_scripts(tab: &Tab) -> String {
  let root = tab.get_document().expect("the document").node_id;
  tab
    .call_method(headless_chrome::protocol::cdp::DOM::GetOuterHTML {
      node_id: Some(root),
      backend_node_id: None,
      object_id: None,
      include_shadow_dom: None,
    })
    .expect("the page's HTML")
    .outer_html
}

/// The page's visible text.
fn text(tab: &Tab) -> String {
  tab.wait_for_element("body").and_then(|b| b.get_inner_text()).expect("the page's text")
}

/// The value of a JavaScript expression on the page (run by the browser's
/// tools, whether or not the page may run scripts).
fn evaluate(tab: &Tab, expression: &str) -> serde_json::Value {
  tab.evaluate(expression, false).expect("evaluate").value.unwrap_or_default()
}

/// Taps the board in `province`, at a point where the browser finds its
/// shape on top, as a finger would.
fn tap(tab: &Tab, province: &str) {
  let find = format!(
    "(() => {{ const p = document.querySelector('svg.board [data-province={province}]');\
     if (!p) return ''; p.scrollIntoView({{block: 'center'}});\
     const r = p.getBoundingClientRect();\
     for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) {{\
       const x = r.left + r.width * i / 20, y = r.top + r.height * j / 20;\
       if (document.elementFromPoint(x, y) === p) return x + ',' + y; }}\
     return ''; }})()"
  );
  let started = std::time::Instant::now();
  let (x, y) = loop {
    let found = evaluate(tab, &find);
    let xy: Vec<f64> =
      found.as_str().unwrap_or_default().split(',').filter_map(|n| n.parse().ok()).collect();
    if let [x, y] = xy[..] {
      break (x, y);
    }
    assert!(started.elapsed() < Duration::from_secs(30), "{province} is not on the board");
    std::thread::sleep(Duration::from_millis(100));
  };
  tab.click_point(headless_chrome::browser::tab::point::Point { x, y }).expect("tap");
}

fn sign_in(tab: &Tab, server: &Server, power: &str) {
  open(tab, server, "/games/browse/login");
  let choose = format!("document.getElementById('power').value = '{power}'");
  evaluate(tab, &choose);
  tab.find_element("#password").expect("#password").click().expect("click");
  tab.type_str(&password(power)).expect("type");
  follow(tab, "form button[type=submit]");
  assert!(tab.get_url().ends_with("/games/browse/me"), "{}", tab.get_url());
}

#[test]
fn a_player_orders_in_a_browser_and_sees_the_phase_processed() {
  let Some(browser) = browser() else { return };
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "browse", START, "", "SET LIST\n");
  let server = Server::start_tcp(&judge);
  let tab = browser.new_tab().expect("a tab");
  tab.set_default_timeout(Duration::from_secs(30));

  sign_in(&tab, &server, "France");
  assert!(text(&tab).contains("France in game browse"), "{}", text(&tab));
  // The deadline in the judge's zone, and the browser's own clock beside it.
  let due = text(&tab);
  assert!(due.contains("are due Thu Mar 05 2026 23:30:00 +0000 (your time: "), "{due}");
  assert!(text(&tab).contains("France: Army Paris, No Order Processed."), "{}", text(&tab));

  // Orders by the text box, and Marseilles by its pull-down; wait set.
  tab.find_element("#orders").expect("#orders").click().expect("click");
  tab.type_str("A Par-Bur").expect("type");
  evaluate(&tab, "document.getElementById('pick1').value = 'A Mar - Spa'");
  tab.find_element("#wait").expect("#wait").click().expect("tick");
  follow(&tab, "form[action$='/orders'] button");
  let page = text(&tab);
  assert!(page.contains("Accepted: Army Paris -> Burgundy."), "{page}");
  assert!(page.contains("Accepted: Army Marseilles -> Spain."), "{page}");
  assert!(page.contains("> SET WAIT"), "{page}");
  assert_eq!(evaluate(&tab, "document.getElementById('wait').checked"), true);

  // Brest by tapping the board: the fleet, then the Mid-Atlantic.
  tap(&tab, "Bre");
  tap(&tab, "Mao");
  let offered = evaluate(&tab, "document.getElementById('map-choices').textContent");
  assert_eq!(offered, "Add: Fleet Brest -> Mid-Atlantic Ocean.", "{offered}");
  tab.find_element("#map-choices button").expect("an offer").click().expect("add it");
  let written = evaluate(&tab, "document.getElementById('orders').value");
  assert_eq!(written, "F Bre - Mao\n");
  // Tapping Brest twice offers its hold.
  tap(&tab, "Bre");
  tap(&tab, "Bre");
  let offered = evaluate(&tab, "document.getElementById('map-choices').textContent");
  assert_eq!(offered, "Add: Fleet Brest HOLD.", "{offered}");
  evaluate(&tab, "document.getElementById('orders').value = ''");

  // The last unit, and the wait flag cleared.
  tab.find_element("#orders").expect("#orders").click().expect("click");
  tab.type_str("F Bre H").expect("type");
  tab.find_element("#wait").expect("#wait").click().expect("untick");
  follow(&tab, "form[action$='/orders'] button");
  let page = text(&tab);
  assert!(page.contains("Accepted: Fleet Brest HOLD."), "{page}");
  assert!(page.contains("> SET NOWAIT"), "{page}");

  follow(&tab, "a[href$='/preview']");
  let page = text(&tab);
  assert!(page.contains("France: Army Paris -> Burgundy."), "{page}");
  let drawn = evaluate(&tab, "document.querySelector('img.board').naturalWidth");
  assert!(drawn.as_u64().unwrap_or(0) > 100, "the preview's picture loads: {drawn}");

  // The others order by mail; the phase is processed.
  table.turn("2026-03-02T11:00:00Z").skip(&["France"]).processed();
  open(&tab, &server, "/games/browse/history?phase=S1901M");
  let page = text(&tab);
  assert!(page.contains("France: Army Paris -> Burgundy."), "{page}");
  assert!(page.contains("France: Army Marseilles -> Spain."), "{page}");
  let drawn = evaluate(&tab, "document.querySelector('img.board').naturalWidth");
  assert!(drawn.as_u64().unwrap_or(0) > 100, "the phase's picture loads: {drawn}");
  follow(&tab, "a[href='/games/browse/history']");
  assert!(text(&tab).contains("Movement results for Spring of 1901."));
  open(&tab, &server, "/games/browse/me");
  assert!(text(&tab).contains("F1901M"), "the seat's page is on to Fall: {}", text(&tab));
}

#[test]
fn a_phone_without_javascript_gets_every_page_in_its_width() {
  let Some(browser) = browser() else { return };
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "browse", START, "", "SET LIST\n");
  let server = Server::start_tcp(&judge);
  let tab = browser.new_tab().expect("a tab");
  tab.set_default_timeout(Duration::from_secs(30));
  tab
    .call_method(Emulation::SetDeviceMetricsOverride {
      width: 360,
      height: 740,
      device_scale_factor: 2.0,
      mobile: true,
      scale: None,
      screen_width: None,
      screen_height: None,
      position_x: None,
      position_y: None,
      dont_set_visible_size: None,
      screen_orientation: None,
      viewport: None,
      display_feature: None,
      device_posture: None,
    })
    .expect("a phone's screen");

  sign_in(&tab, &server, "Germany");
  for path in
    ["/", "/games/browse", "/games/browse/history", "/games/browse/login", "/games/browse/me"]
  {
    open(&tab, &server, path);
    let width = evaluate(&tab, "document.documentElement.scrollWidth");
    assert!(width.as_u64().unwrap_or(9999) <= 360, "{path} is {width} px wide on a 360 px screen");
    // Every control a finger can hit, and named for a screen reader.
    let small = evaluate(
      &tab,
      "Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea, button'))\
       .filter(e => e.getBoundingClientRect().height < 44).map(e => e.outerHTML).join('\\n')",
    );
    assert_eq!(small, "", "{path}: controls under 44 px tall");
    let unlabelled = evaluate(
      &tab,
      "Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea'))\
       .filter(e => !(e.labels && e.labels.length)).map(e => e.outerHTML).join('\\n')",
    );
    assert_eq!(unlabelled, "", "{path}: controls without a label");
    let no_alt =
      evaluate(&tab, "Array.from(document.querySelectorAll('img')).filter(e => !e.alt).length");
    assert_eq!(no_alt, 0, "{path}: pictures without a text");
    let inline = evaluate(&tab, "Array.from(document.scripts).filter(s => !s.src).length");
    assert_eq!(inline, 0, "{path}: a script in the page");
  }
  let shot = tab
    .capture_screenshot(
      headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption::Png,
      None,
      None,
      true,
    )
    .expect("a screenshot");
  let mut decoded = png::Decoder::new(std::io::Cursor::new(shot)).read_info().expect("a PNG");
  assert_eq!(decoded.info().width, 720, "the phone's 360 px at twice the density");
  // Laid out, not blank: a good share of the screen is drawn on, and the
  // board spans the screen's width less the margins.
  let mut pixels = vec![0; decoded.output_buffer_size().expect("a size")];
  let frame = decoded.next_frame(&mut pixels).expect("the pixels");
  let channels = frame.color_type.samples();
  let drawn = pixels[..frame.buffer_size()]
    .chunks(channels)
    .filter(|p| p.iter().take(3).any(|&c| c < 200))
    .count();
  let share = drawn as f64 / (frame.width * frame.height) as f64;
  assert!(share > 0.05, "only {:.1}% of the phone's screen is drawn on", share * 100.0);
  let board =
    evaluate(&tab, "Math.round(document.querySelector('.board').getBoundingClientRect().width)");
  assert!(board.as_u64().unwrap_or(0) >= 300, "the board is {board} px wide on a 360 px screen");

  // The form works with scripts off (the browser shares the sign-in).
  let quiet = browser.new_tab().expect("a tab");
  quiet.set_default_timeout(Duration::from_secs(30));
  quiet.call_method(Emulation::SetScriptExecutionDisabled { value: true }).expect("no JavaScript");
  open(&quiet, &server, "/games/browse/me");
  click_without_scripts(&quiet, "#orders");
  quiet.type_str("A Ber-Kie").expect("type");
  click_without_scripts(&quiet, "form[action$='/orders'] button");
  let started = std::time::Instant::now();
  while !quiet.get_url().ends_with("/games/browse/orders") {
    assert!(started.elapsed() < Duration::from_secs(30), "the form was not sent");
    std::thread::sleep(Duration::from_millis(50));
  }
  quiet.wait_for_element("#reply").expect("the judge's reply");
  let page = html_without_scripts(&quiet);
  assert!(page.contains("Accepted: Army Berlin -&gt; Kiel."), "{page}");
}

/// axe-core, the accessibility checker, as `.ci/run` fetches it (pinned,
/// checked by its digest) into `target/axe-core/`; `JUDGE_AXE` may name
/// another copy.
fn axe() -> Option<String> {
  let path = std::env::var_os("JUDGE_AXE").map(PathBuf::from).unwrap_or_else(|| {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/axe-core/axe.min.js")
  });
  match std::fs::read_to_string(&path) {
    Ok(source) => Some(source),
    Err(_) if std::env::var_os("CI").is_some() => {
      panic!("{} is missing: .ci/run fetches axe-core there", path.display())
    }
    Err(_) => {
      eprintln!("notice: {} is missing; the accessibility check is skipped", path.display());
      None
    }
  }
}

#[test]
fn every_page_passes_the_accessibility_checker() {
  let Some(browser) = browser() else { return };
  let Some(axe) = axe() else { return };
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "browse", START, "", "SET LIST\n");
  table
    .turn("2026-03-02T11:00:00Z")
    .orders(&[("France", "A Par-Bur\nA Mar H\nF Bre H\n")])
    .processed();
  let server = Server::start_tcp(&judge);
  let tab = browser.new_tab().expect("a tab");
  tab.set_default_timeout(Duration::from_secs(60));
  sign_in(&tab, &server, "France");
  let pages = [
    "/",
    "/games/browse",
    "/games/browse/history",
    "/games/browse/history?phase=S1901M",
    "/games/browse/summary",
    "/games/browse/login",
    "/games/browse/me",
    "/games/browse/preview",
    "/me",
    "/games/nosuch",
  ];
  // WCAG 2.2 A and AA, as axe-core checks them.
  let run = "axe.run(document, { runOnly: { type: 'tag', values: \
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })\
    .then(r => r.violations.map(v => v.id + ' (' + v.nodes.length + '): ' + \
      v.nodes.map(n => n.html.slice(0, 100)).join(' | ')).join('\\n'))";
  // The checker finds what it should: a picture with no text.
  open(&tab, &server, "/");
  tab.evaluate(&axe, false).expect("axe-core loads");
  evaluate(&tab, "document.querySelector('main').appendChild(document.createElement('img'))");
  let found = tab.evaluate(run, true).expect("axe-core runs").value.unwrap_or_default();
  assert!(found.as_str().unwrap_or_default().starts_with("image-alt"), "{found}");
  for page in pages {
    open(&tab, &server, page);
    tab.evaluate(&axe, false).expect("axe-core loads");
    let found = tab.evaluate(run, true).expect("axe-core runs").value.unwrap_or_default();
    assert_eq!(found.as_str(), Some(""), "{page}: {found}");
  }
}

/// Presses Tab until `condition` (JavaScript) holds, at most `most` times.
fn tab_until(tab: &Tab, condition: &str, most: usize) -> bool {
  for _ in 0..most {
    if evaluate(tab, condition) == true {
      return true;
    }
    tab.press_key("Tab").expect("Tab");
  }
  evaluate(tab, condition) == true
}

/// Presses Enter and waits for a new page on which `condition` holds.
fn enter_until(tab: &Tab, condition: &str) {
  evaluate(tab, "document.body.dataset.left = 'yes'");
  tab.press_key("Enter").expect("Enter");
  let started = std::time::Instant::now();
  let wanted = format!("({condition}) && !document.body.dataset.left");
  while evaluate(tab, &wanted) != true {
    assert!(started.elapsed() < Duration::from_secs(30), "Enter did not lead to {condition}");
    std::thread::sleep(Duration::from_millis(50));
  }
}

#[test]
fn a_player_signs_in_and_orders_with_the_keyboard_alone() {
  let Some(browser) = browser() else { return };
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "browse", START, "", "SET LIST\n");
  let server = Server::start_tcp(&judge);
  let tab = browser.new_tab().expect("a tab");
  tab.set_default_timeout(Duration::from_secs(30));
  open(&tab, &server, "/games/browse/login");
  let focused =
    |id: &str| format!("!!document.activeElement && document.activeElement.id == '{id}'");
  // The links of the page come first; Tab on until the power's list.
  assert!(tab_until(&tab, &focused("power"), 20), "the power's list takes the focus");
  // Austria is first: down twice to France.
  tab.press_key("ArrowDown").expect("down");
  tab.press_key("ArrowDown").expect("down");
  assert_eq!(evaluate(&tab, "document.getElementById('power').value"), "France");
  tab.press_key("Tab").expect("Tab");
  assert_eq!(evaluate(&tab, &focused("password")), true);
  tab.type_str(&password("France")).expect("type");
  enter_until(&tab, "!!document.getElementById('orders')");
  // To the box, the orders, then Tab on to the button and Enter.
  assert!(tab_until(&tab, &focused("orders"), 40), "the order box takes the focus");
  tab.type_str("A Par-Bur").expect("type");
  let on_button = "!!document.activeElement && document.activeElement.tagName == 'BUTTON' && \
                   !!document.activeElement.form && \
                   document.activeElement.form.action.endsWith('/orders')";
  assert!(tab_until(&tab, on_button, 10), "the send button takes the focus");
  enter_until(&tab, "!!document.getElementById('reply')");
  assert!(text(&tab).contains("Accepted: Army Paris -> Burgundy."), "{}", text(&tab));
}
