//! The converter against html2text, the crate the judge read HTML mail with
//! before: the same non-empty lines for mail shaped like real clients'.

use super::to_text;

/// Lines after `trim_end`, empty ones dropped: what the command reader sees.
fn lines(text: &str) -> Vec<String> {
  text.lines().map(str::trim_end).filter(|l| !l.is_empty()).map(String::from).collect()
}

fn html2text_lines(html: &str) -> Vec<String> {
  let text = html2text::config::plain_no_decorate()
    .allow_width_overflow()
    .no_table_borders()
    .string_from_read(html.as_bytes(), 10_000)
    .unwrap_or_default();
  lines(&text)
}

fn ours(html: &str) -> Vec<String> {
  lines(&to_text(html))
}

/// Mail bodies shaped like what clients send.
const CORPUS: &[(&str, &str)] = &[
  ("gmail orders", r#"<div dir="ltr"><div>A Par-Bur</div><div>F Lon -&gt; Nth</div><div><br></div><div>A Vie S A Bud - Rum</div></div>"#),
  ("gmail one line per div", "<div dir=\"ltr\">SIGN ON Fgame secret<div>A Mun-Ruh</div><div>A Ber-Kie</div><div>F Kie-Den</div></div>\n"),
  ("gmail with quote", r#"<div dir="ltr">A Par-Bur<br>F Bre-Mao<br></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, Nov 30, 2026 at 3:04 AM judge &lt;<a href="mailto:judge@example.net">judge@example.net</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">Game fgame: Spring 1901 orders due.<br>Your units:<br>A Par<br></blockquote></div>"#),
  ("gmail blank lines", r#"<div dir="ltr"><div>REGISTER</div><div>name: Ann Example</div><div>address: 1 Rue de Rivoli</div><div>country: France</div><div><br></div><div>END</div><div><br></div><div><br></div></div>"#),
  ("gmail signature", r#"<div dir="ltr">A Par H<br clear="all"><div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature">Ann<br><a href="https://example.org" target="_blank">example.org</a></div></div>"#),
  ("outlook desktop", "<html xmlns:v=\"urn:schemas-microsoft-com:vml\" xmlns:o=\"urn:schemas-microsoft-com:office:office\" xmlns:w=\"urn:schemas-microsoft-com:office:word\" xmlns:m=\"http://schemas.microsoft.com/office/2004/12/omml\" xmlns=\"http://www.w3.org/TR/REC-html40\"><head>\n<meta http-equiv=Content-Type content=\"text/html; charset=us-ascii\">\n<meta name=Generator content=\"Microsoft Word 15 (filtered medium)\">\n<style><!--\n/* Font Definitions */\n@font-face\n\t{font-family:\"Cambria Math\";\n\tpanose-1:2 4 5 3 5 4 6 3 2 4;}\np.MsoNormal, li.MsoNormal, div.MsoNormal\n\t{margin:0cm;\n\tfont-size:11.0pt;\n\tfont-family:\"Calibri\",sans-serif;}\n--></style><!--[if gte mso 9]><xml>\n<o:shapedefaults v:ext=\"edit\" spidmax=\"1026\" />\n</xml><![endif]--><!--[if gte mso 9]><xml>\n<o:shapelayout v:ext=\"edit\">\n<o:idmap v:ext=\"edit\" data=\"1\" />\n</o:shapelayout></xml><![endif]-->\n</head>\n<body lang=EN-GB link=\"#0563C1\" vlink=\"#954F72\" style='word-wrap:break-word'>\n<div class=WordSection1>\n<p class=MsoNormal>A Par &#8211; Bur<o:p></o:p></p>\n<p class=MsoNormal>F Lon - Nth<o:p></o:p></p>\n<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n<p class=MsoNormal>Ann<o:p></o:p></p>\n</div>\n</body>\n</html>\n"),
  ("outlook spans", "<div class=WordSection1><p class=MsoNormal><span style='font-size:12.0pt;font-family:\"Times New Roman\",serif'>SIGN ON Egame <b>secret</b><o:p></o:p></span></p><p class=MsoNormal><span lang=EN-US style='mso-ansi-language:EN-US'>F Lon-Nth<o:p></o:p></span></p></div>"),
  ("outlook web", r#"<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div class="elementToProof" style="font-family: Aptos, Aptos_EmbeddedFont, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);">A Ven-Tyr</div><div class="elementToProof" style="font-family: Aptos; font-size: 12pt;">A Rom-Ven</div><div class="elementToProof"><br></div><div id="Signature"><p>Bob</p></div></body></html>"#),
  ("outlook reply header", r#"<div><p class=MsoNormal>A Par H<o:p></o:p></p><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'><p class=MsoNormal><b>From:</b> judge &lt;judge@example.net&gt; <br><b>Sent:</b> Monday<br><b>Subject:</b> orders<o:p></o:p></p></div></div>"#),
  ("outlook conditional downlevel", "<p>A Par-Bur</p><!--[if !mso]><!--><p>only not mso</p><!--<![endif]--><![if !supportLists]><span>1.<span>&nbsp;&nbsp;</span></span><![endif]>F Lon-Nth"),
  ("apple mail", r#"<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">A Mos-Ukr<div>F Sev-Bla</div><div><br class=""></div><div>Cheers,</div><div>Cat</div></body></html>"#),
  ("apple mail br class", r#"<div class="">A Ber H<br class="">A Mun H<br class=""><br class=""></div><div class=""><br class=""><blockquote type="cite" class=""><div class="">On 30 Nov 2026, at 03:04, judge wrote:</div><br class="Apple-interchange-newline"><div class=""><div class="">Orders due.</div></div></blockquote></div>"#),
  ("ios", "<html><head><meta http-equiv=\"content-type\" content=\"text/html; charset=utf-8\"></head><body dir=\"auto\">A Con-Bul<div>F Ank-Bla</div><div><br><div dir=\"ltr\">Sent from my iPhone</div></div></body></html>"),
  ("thunderbird", "<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv=\"content-type\" content=\"text/html; charset=UTF-8\">\n  </head>\n  <body>\n    <p>A Par-Bur<br>\n      F Bre - Mao<br>\n      A Mar S A Par - Bur<br>\n    </p>\n    <div class=\"moz-cite-prefix\">On 30/11/2026 03:04, judge wrote:<br>\n    </div>\n    <blockquote type=\"cite\" cite=\"mid:x@example.net\">\n      <pre class=\"moz-quote-pre\" wrap=\"\">Orders due\n  Spring 1901</pre>\n    </blockquote>\n    <pre class=\"moz-signature\" cols=\"72\">-- \nAnn\n\tParis</pre>\n  </body>\n</html>\n"),
  ("thunderbird nested quote", "<p>ok</p><blockquote type=\"cite\"><p>first</p><blockquote type=\"cite\"><p>second<br><br>third</p></blockquote>after</blockquote>"),
  ("yahoo", r#"<html><head></head><body><div class="ydp12345yahoo-style-wrap" style="font-family:Helvetica Neue, Helvetica, Arial, sans-serif;font-size:13px;"><div dir="ltr" data-setdir="false">A Tri-Ven</div><div dir="ltr" data-setdir="false">A Bud-Ser</div><div dir="ltr" data-setdir="false"><br></div></div><div id="ydp123yahoo_quoted_123" class="ydp123yahoo_quoted"><div style="font-family:'Helvetica Neue', Helvetica, Arial, sans-serif;font-size:13px;color:#26282a;"><div>On Monday, judge wrote:</div><div><br></div></div></div></body></html>"#),
  ("android gmail", "<p dir=\"ltr\">A Smy-Con<br>\nF Ank-Bla</p>\n<br><div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">Le lun. 30 nov. 2026 à 03:04, judge a écrit :<br></div></div>"),
  ("android samsung", "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\"></head><body><div dir=\"auto\">SIGN ON Tgame pw</div><div dir=\"auto\"><br></div><div dir=\"auto\">A Con-Bul</div><div id=\"composer_signature\" dir=\"auto\"><div style=\"font-size:85%;color:#575757\" dir=\"auto\">Sent via Samsung</div></div></body></html>"),
  ("orders as written", "A Par-Bur<br>F Lon -> Nth<br>A Vie S A Bud - Rum<br>F Edi C A Lvp - Nwy<br>A Lvp-Nwy via convoy"),
  ("raw arrow and less than", "<p>A Par -> Bur</p><p>a < b and c <= d</p><p>x <3 y</p><p>A Mun - &gt; Ber</p>"),
  ("register block", "<div>REGISTER<br>name: Ann Example<br>email: ann@example.org<br>address: 1 High St, Town<br>phone: +44 1234 567890<br>country: UK<br>level: novice<br>END</div>"),
  ("signon in font", "<font face=\"Arial\" size=\"2\">SIGN ON Fgame secret</font><br><font size=2>LIST</font>"),
  ("entities", "<p>caf&eacute; &amp; cr&egrave;me &lt;b&gt; &quot;x&quot; &#39;y&#39; &#x41;&#66; &euro; &hellip; &mdash; &unknown; &amp x &</p>"),
  ("nbsp", "<p>A&nbsp;Par&nbsp;-&nbsp;Bur</p><p>&nbsp;&nbsp;indented</p><p>&nbsp;</p><p>end&nbsp;</p>"),
  ("whitespace collapse", "<p>  A   Par\n\n   -   Bur  </p>\n\n\n<p>\tF\tLon\t-\tNth</p>"),
  ("pre", "<pre>A Par-Bur\n   F Lon  -  Nth\n\n\tA Vie\tH\n</pre><p>after</p>"),
  ("pre first newline", "<pre>\nline one\n  line two</pre>"),
  ("nested lists", "<ul><li>A Par-Bur</li><li>F Bre-Mao<ul><li>inner one</li><li>inner two</li></ul></li><li>last</li></ul>"),
  ("ordered list", "<ol><li>A Par-Bur</li><li>F Bre-Mao</li></ol><ol start=\"9\"><li>nine</li><li>ten</li><li>eleven</li></ol>"),
  ("list without closing tags", "<ul><li>one<li>two<li>three</ul>after"),
  ("definition list", "<dl><dt>Army</dt><dd>A Par-Bur</dd><dt>Fleet</dt><dd>F Bre-Mao<br>second line</dd></dl>"),
  ("headings", "<h1>Orders</h1><h2>Spring 1901</h2><p>A Par-Bur</p><h3>Notes<br>two lines</h3>"),
  ("links", "<p>See <a href=\"https://example.org/game\">the game</a> and <a name=\"x\">anchor</a> and <a href=\"x\"> </a>.</p>"),
  ("images", "<p>logo <img src=\"cid:logo\" alt=\"Logo\"> and <img src=\"x.png\"> and <img alt=\"no src\"></p>"),
  ("table one row", "<table><tr><td>A Par-Bur</td></tr><tr><td>F Lon-Nth</td></tr></table>"),
  ("table signature", "<table cellpadding=0><tbody><tr><td><b>Ann Example</b></td></tr><tr><td>Player</td></tr></tbody></table><p>after table</p>"),
  ("script and style", "<script>var a = '<p>not shown</p>';</script><style>p { color: red }</style><p>shown</p><script>document.write('x')</script>"),
  ("title and head", "<html><head><title>My orders</title></head><body><p>A Par H</p></body></html>"),
  ("template", "<template><p>hidden</p></template><p>visible</p>"),
  ("doctype xml cdata", "<?xml version=\"1.0\"?><!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\"><html><body><![CDATA[cdata text]]><p>A Par H</p></body></html>"),
  ("comments", "<p>before<!-- a comment <p>with tags</p> --> after</p><!----><!-->x<p>y</p>"),
  ("uppercase tags", "<HTML><BODY><P CLASS=X>A Par-Bur</P><DIV>F Lon-Nth<BR>A Vie H</DIV></BODY></HTML>"),
  ("attribute with gt", "<div title=\"a > b\" data-x='c>d'>A Par-Bur</div><div title=a>F Lon</div>"),
  ("inline formatting", "<p><b>A</b> <i>Par</i>-<u>Bur</u> <strong>F</strong><em> Lon</em> <code>-</code> <span>Nth</span></p>"),
  ("unclosed p and div", "<p>one<p>two<div>three<p>four"),
  ("br variants", "A Par H<br/>A Mun H<br />F Kie H</br>A Ber H<BR>end"),
  ("blockquote with br", "<blockquote>quoted one<br><br>quoted two</blockquote><p>reply</p>"),
  ("div br div", "<div>one</div><div><br></div><div><br></div><div>two</div>"),
  ("strike", "<p>A Par-Bur <s>F Lon-Nth</s> <del>x</del></p>"),
  ("wbr and zwsp", "<p>long<wbr>word and zero\u{200b}width</p>"),
  ("text in ul", "<ul>loose text<li>item</li></ul>"),
  ("span soup", "<span>A</span><span> Par</span><span>-Bur</span><br><span style=\"x\">F</span>\n<span>Lon</span>"),
  ("unicode orders", "<p>A Mün-Böh</p><p>Ça va — “fine”</p>"),
  ("noscript", "<p>a</p><noscript><p>no script</p></noscript><p>b</p>"),
  ("title body", "<p>a</p><title>late title</title><p>b</p>"),
  ("text in table", "<table>stray<tr><td>cell</td></tr></table>"),
  ("sup", "<p>x<sup>2</sup> y<sup>th</sup></p>"),
  ("entity nosemi", "<p>a &amp b &lt c &gt d &nbsp e &copy f &ampx</p>"),
  ("p in li", "<ul><li><p>one</p><p>two</p></li><li>three</li></ul>"),
  ("quote in list", "<ul><li>a<blockquote>q</blockquote>b</li></ul>"),
  ("a block", "<a href=\"x\"><div>block link</div></a><p>after</p>"),
  ("empty things", "a<p></p>b<div></div>c<span></span>d<ul></ul>e<blockquote></blockquote>f"),
  ("caption tfoot", "<table><caption>cap</caption><tr><td>x</td></tr><tfoot><tr><td>foot</td></tr></tfoot></table>"),
  ("td outside", "a<td>b</td>c<tr>d"),
  ("nested table", "<table><tr><td>outer<table><tr><td>inner</td><td>two</td></tr></table></td></tr></table>"),
  ("quote pre", "<blockquote><pre>a\n\nb</pre></blockquote>"),
  ("numeric edge", "<p>&#0; &#128; &#150; &#xD800; &#1114112; &#99999999999; &#x;</p>"),
  ("control", "<p>a\u{1}b\u{7f}c</p>"),
  ("unicode spaces", "<p>a\u{2003}b\u{3000}c\u{a0}\u{a0}d</p>"),
  ("heading in quote", "<blockquote><h2>T</h2>body</blockquote>"),
  ("dl loose", "<dl>loose<dt>t</dt><p>para</p><dd>d</dd></dl>"),
  ("ol nonli", "<ol><p>para</p><li>one</li>text</ol>"),
  ("textarea xmp", "<textarea>\n t &amp; a</textarea><xmp><b>x</b></xmp>"),
  ("select", "<select><option>one</option><option>two</option></select>"),
  ("button", "<p>a<button>press</button>b</p>"),
  ("iframe", "<iframe>inside</iframe>after"),
  ("crlf line ends", "<div>A Par-Bur</div>\r\n<div>F Lon-Nth</div>\r\n<pre>a\r\nb\rc</pre>"),
  ("outlook list paragraphs", "<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>\u{b7}<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>A Par-Bur<o:p></o:p></p><p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><![if !supportLists]><span>\u{b7}<span>&nbsp;&nbsp; </span></span><![endif]>F Bre-Mao<o:p></o:p></p>"),
  ("gmail forward", r#"<div dir="ltr"><br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: <strong class="gmail_sendername" dir="auto">Ann</strong> <span dir="auto">&lt;<a href="mailto:ann@example.org">ann@example.org</a>&gt;</span><br>Date: Mon<br>Subject: orders<br>To: &lt;<a href="mailto:judge@example.net">judge@example.net</a>&gt;<br></div><br><br><div dir="ltr">A Par-Bur</div></div></div>"#),
  ("thunderbird flowed", r#"<div class="moz-text-flowed" style="font-family: -moz-fixed">A Par-Bur<br>F Lon-Nth<br><br>-- <br>Ann<br></div>"#),
  ("proton mail", r#"<div style="font-family: Arial, sans-serif; font-size: 14px;">A Par-Bur</div><div style="font-family: Arial, sans-serif; font-size: 14px;"><br></div><div class="protonmail_signature_block" style="font-family: Arial, sans-serif; font-size: 14px;"><div class="protonmail_signature_block-user protonmail_signature_block-empty"></div><div class="protonmail_signature_block-proton">Sent with <a target="_blank" href="https://proton.me/">Proton Mail</a> secure email.</div></div>"#),
  ("entity case", "<p>&AMP; &Eacute;t&eacute; &LT;x&GT; &#X41;</p>"),
  ("lists in quotes", "<blockquote><ul><li>a<ol><li>one</li><li>two</li></ol></li></ul><p>after</p></blockquote>"),
  ("table with header cells", "<table><thead><tr><th>Unit</th></tr></thead><tbody><tr><td>A Par-Bur</td></tr><tr><td>F Lon-Nth</td></tr></tbody></table>"),
  ("pre with tabs", "<pre>A\tPar\tH\n\tF Lon H\nab\tc</pre>"),
  ("comment variants", "<p>a<!----->b<!-- x --!>c<!-- -- -->d</p>"),
];

/// Tables whose rows fit on one line: html2text pads each column to a
/// width it estimates, the judge joins the cells with one space, so the
/// lines are the same but for runs of spaces.
const TABLES: &[(&str, &str)] = &[
  ("cells of an order", "<table><tr><td>A Par</td><td>-</td><td>Bur</td></tr><tr><td>Name:</td><td>Ann</td></tr></table>"),
  ("cells with white space", "<table>\n <tr>\n  <td>\n   Name:\n  </td>\n  <td> Ann </td>\n </tr>\n</table>"),
  ("colspan", "<table><tr><td colspan=2>wide</td></tr><tr><td>a</td><td>b</td></tr></table>"),
  ("outlook signature table", "<table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0><tr><td width=100 style='padding:0'><p class=MsoNormal><b>Ann</b><o:p></o:p></p></td><td style='padding:0'><p class=MsoNormal>Paris<o:p></o:p></p></td></tr></table><p class=MsoNormal>A Par H</p>"),
];

fn spaces_collapsed(lines: Vec<String>) -> Vec<String> {
  lines
    .iter()
    .map(|l| l.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" "))
    .collect()
}

#[test]
fn table_rows_on_one_line_read_like_html2text_but_for_padding() {
  for (name, html) in TABLES {
    assert_eq!(spaces_collapsed(html2text_lines(html)), ours(html), "{name}");
  }
}

/// html2text lays a row's cells side by side, so that the lines of one
/// cell run into the lines of the next: each cell's lines come in turn.
#[test]
fn cells_of_several_lines_come_one_after_the_other() {
  let html = "<table><tr><td>A Par-Bur<br>F Lon-Nth</td><td>note one<br>note two</td></tr></table>";
  assert_eq!(html2text_lines(html)[0], "A Par-Bur           note one");
  assert_eq!(ours(html), ["A Par-Bur", "F Lon-Nth", "note one", "note two"]);
}

/// html2text runs the text of `<section>`, `<center>`, `<hr>` … into
/// its neighbours; a player who wrote two orders in two of them means
/// two lines.
#[test]
fn block_elements_html2text_runs_together_get_lines_of_their_own() {
  let html = "<section>A Par-Bur</section><section>F Lon-Nth</section><center>A Vie H</center>";
  assert_eq!(html2text_lines(html), ["A Par-BurF Lon-NthA Vie H"]);
  assert_eq!(ours(html), ["A Par-Bur", "F Lon-Nth", "A Vie H"]);
  let html = "A Par-Bur<hr>F Lon-Nth<form><fieldset>A Vie H</fieldset></form>";
  assert_eq!(html2text_lines(html), ["A Par-BurF Lon-NthA Vie H"]);
  assert_eq!(ours(html), ["A Par-Bur", "F Lon-Nth", "A Vie H"]);
}

/// An inline picture is not read, not even the title html2text shows.
#[test]
fn inline_svg_is_not_read() {
  let html = "<p>a<svg><title>pic</title><text>svg text</text></svg>b</p>";
  assert_eq!(html2text_lines(html), ["a[pic]b"]);
  assert_eq!(ours(html), ["ab"]);
}

#[test]
fn corpus_reads_like_html2text() {
  assert!(CORPUS.len() >= 40);
  let mut failures = Vec::new();
  for (name, html) in CORPUS {
    let (want, got) = (html2text_lines(html), ours(html));
    if want != got {
      failures.push(format!("{name}:\n  html2text {want:?}\n  ours      {got:?}"));
    }
  }
  assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn what_players_write_reads_as_their_lines() {
  let html = "<div dir=\"ltr\"><div>SIGN ON Fgame pw</div><div>A Par -&gt; Bur</div>\
              <div>F Lon -> Nth</div><div>A Vie S A Bud - Rum</div></div>";
  assert_eq!(
    ours(html),
    ["SIGN ON Fgame pw", "A Par -> Bur", "F Lon -> Nth", "A Vie S A Bud - Rum"]
  );
}

#[test]
fn hostile_markup_is_read_without_fuss() {
  for html in [
    "<",
    "<<<>>>",
    "a < b",
    "<div",
    "<div class=\"never closed",
    "<p>unclosed <b>tags <i>everywhere",
    "<!-- never closed <p>hidden</p>",
    "<script>never closed <p>hidden</p>",
    "</>",
    "</ p>",
    "<!>",
    "<?",
    "&",
    "&#",
    "&#x",
    "&#99999999999999999999;",
    "<table><td><table><td><tr></table></table>",
    "<ol start=\"9223372036854775807\"><li>a</li><li>b</li></ol>",
    "<ol start=\"-9223372036854775808\"><li>a</li></ol>",
    "</p></div></li></ul></table></td>",
    "<sup>12</sup",
  ] {
    let _ = to_text(html);
  }
  assert_eq!(ours("<<<>>>"), html2text_lines("<<<>>>"));
  assert_eq!(ours("a < b"), ["a < b"]);
  assert_eq!(ours("<!-- never closed <p>hidden</p>"), Vec::<String>::new());
  assert_eq!(ours("before<script>never closed <p>hidden</p>"), ["before"]);
}

/// Deep nesting is read in time linear in its depth. The bounds only
/// need to tell linear from quadratic: read linearly, each case takes some
/// 50 ms in a debug build, and several times that beside the other tests on
/// a busy two-core machine (a bound of 100 ms failed there at 109 ms);
/// read quadratically, 200,000 levels would take minutes.
#[test]
fn a_megabyte_of_nested_divs_is_read_quickly() {
  let html = format!("{}A Par H{}", "<div>".repeat(200_000), "</div>".repeat(10));
  assert!(html.len() > 1_000_000);
  let started = std::time::Instant::now();
  let text = to_text(&html);
  assert!(started.elapsed() < std::time::Duration::from_secs(3), "{:?}", started.elapsed());
  assert_eq!(lines(&text), ["A Par H"]);
  // Quotes and lists nest too, with their prefixes.
  let html = format!("{}A Par H", "<blockquote><ul><li>".repeat(50_000));
  let started = std::time::Instant::now();
  let text = to_text(&html);
  assert!(started.elapsed() < std::time::Duration::from_secs(6), "{:?}", started.elapsed());
  assert!(lines(&text).iter().any(|l| l.ends_with("A Par H")));
}

proptest::proptest! {
  #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

  #[test]
  fn never_panics_on_any_string(html in "\\PC{0,300}") {
    let _ = to_text(&html);
  }

  #[test]
  fn never_panics_on_any_tag_soup(parts in proptest::collection::vec(proptest::sample::select(vec![
    "<div>", "</div>", "<p>", "</p>", "<br>", "<ul>", "<li>", "</ul>", "<ol start=3>", "</ol>",
    "<blockquote>", "</blockquote>", "<table>", "<tr>", "<td>", "</td>", "</tr>", "</table>",
    "<pre>", "</pre>", "<a href=x>", "</a>", "<h2>", "</h2>", "<dl>", "<dt>", "<dd>", "</dl>",
    "<s>", "</s>", "<sup>", "</sup>", "<!--", "-->", "<script>", "</script>", "<style>",
    "<title>", "</title>", "<template>", "</template>", "<svg>", "</svg>", "<img src=a alt=b>",
    "<hr>", "<", ">", "&", "&amp;", "&#", ";", "\"", "'", "=", "\n", "\t", " ", "A Par-Bur",
    "é", "\u{a0}", "\u{200b}", "<caption>", "<tbody>", "<o:p>", "</", "<!", "<?xml", "<![CDATA[",
  ]), 0..60)) {
    let _ = to_text(&parts.concat());
  }
}

proptest::proptest! {
  #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

  /// Any nesting, closed or not, of the elements mail is made of reads
  /// like html2text. Left out: tables, `<hr>` and `<section>` (read
  /// differently on purpose, above) and the formatting elements (`<a>`,
  /// `<b>`, `<i>`, …), which HTML moves around blocks they are misnested
  /// with (its "adoption agency"), which the judge does not do.
  #[test]
  fn reads_any_nesting_of_mail_markup_like_html2text(
    parts in proptest::collection::vec(proptest::sample::select(vec![
      "<div>", "</div>", "<p>", "</p>", "<br>", "<span>", "</span>", "<blockquote>",
      "</blockquote>", "<ul>", "<li>", "</li>", "</ul>", "<ol>", "</ol>", "<pre>", "</pre>",
      "<h2>", "</h2>", "<dl>", "<dt>", "<dd>", "</dl>", "<!-- c -->", "<img src=x alt=pic>",
      "<img src=x>", "<title>t</title>", "<?x>", "<!DOCTYPE html>", "<wbr>", "A Par", "-Bur",
      " ", "\n", "\t", "&nbsp;", "&lt;",
    ]), 0..25)
  ) {
    let html = parts.concat();
    proptest::prop_assert_eq!(html2text_lines(&html), ours(&html), "{:?}", html);
  }
}
