//! A `judge serve` for the tests, on a Unix socket in the judge's data
//! directory, and a plain HTTP/1.1 client that reads its answers as
//! strictly as a browser would need them.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::game_support::START;
use crate::judge_support::Judge;

/// A stream to the server, whichever kind.
trait ReadWrite: Read + Write {}
impl<T: Read + Write> ReadWrite for T {}

/// A `judge serve` on a Unix socket in the judge's data directory (or on
/// a loopback port, for a browser), stopped when dropped.
pub struct Server {
  child: Child,
  socket: PathBuf,
  /// The loopback port, when it listens on one.
  pub port: Option<u16>,
}

impl Server {
  pub fn start(judge: &Judge) -> Server {
    Server::start_with(judge, &[])
  }

  /// A server with more in its environment (a fault to inject).
  pub fn start_with(judge: &Judge, env: &[(&str, &str)]) -> Server {
    let socket = judge.data().join("web.sock");
    Server::listening(judge, &format!("unix:{}", socket.display()), socket, None, env)
  }

  /// A server on a free loopback port, for a browser.
  pub fn start_tcp(judge: &Judge) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
      .and_then(|l| l.local_addr())
      .map(|a| a.port())
      .expect("a free port");
    Server::listening(judge, &format!("127.0.0.1:{port}"), PathBuf::new(), Some(port), &[])
  }

  fn connect(&self) -> std::io::Result<Box<dyn ReadWrite>> {
    let timeout = Some(Duration::from_secs(20));
    match self.port {
      Some(port) => {
        let stream = std::net::TcpStream::connect(("127.0.0.1", port))?;
        stream.set_read_timeout(timeout)?;
        Ok(Box::new(stream))
      }
      None => {
        let stream = UnixStream::connect(&self.socket)?;
        stream.set_read_timeout(timeout)?;
        Ok(Box::new(stream))
      }
    }
  }

  fn listening(
    judge: &Judge,
    listen: &str,
    socket: PathBuf,
    port: Option<u16>,
    env: &[(&str, &str)],
  ) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_judge"))
      .envs(env.iter().copied())
      .arg("--data")
      .arg(judge.data())
      .args(["--now", START, "serve", "--listen", listen])
      .env_remove("JUDGE_NOW")
      .env_remove("JUDGE_DATA")
      .stdin(Stdio::null())
      .stdout(Stdio::null())
      .stderr(Stdio::null())
      .spawn()
      .expect("judge serve starts");
    let server = Server { child, socket, port };
    let started = Instant::now();
    while server.connect().is_err() {
      assert!(started.elapsed() < Duration::from_secs(20), "judge serve never listened");
      std::thread::sleep(Duration::from_millis(20));
    }
    server
  }

  /// The raw answer to `request` (a whole HTTP/1.1 request).
  pub fn raw(&self, request: &str) -> Answer {
    self.try_raw(request).expect("an answer")
  }

  /// The answer, if one came (none: the server died on the way).
  pub fn try_raw(&self, request: &str) -> Option<Answer> {
    let mut stream = self.connect().ok()?;
    stream.write_all(request.as_bytes()).ok()?;
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).ok()?;
    bytes.windows(4).any(|w| w == b"\r\n\r\n").then(|| Answer::parse(&bytes))
  }

  /// Whether the server process has ended (it crashed).
  pub fn ended(&mut self) -> bool {
    matches!(self.child.try_wait(), Ok(Some(_)))
  }

  pub fn request(&self, method: &str, target: &str) -> Answer {
    self
      .raw(&format!("{method} {target} HTTP/1.1\r\nHost: judge.test\r\nConnection: close\r\n\r\n"))
  }

  pub fn get(&self, target: &str) -> Answer {
    self.request("GET", target)
  }
}

impl Drop for Server {
  fn drop(&mut self) {
    let _ = self.child.kill();
    let _ = self.child.wait();
  }
}

/// An HTTP answer: status, headers (names lower case) and body, the body
/// de-chunked when it came in chunks (`bytes` as sent, `body` as text).
#[derive(Debug)]
pub struct Answer {
  pub status: u16,
  pub headers: Vec<(String, String)>,
  pub bytes: Vec<u8>,
  pub body: String,
}

impl Answer {
  pub fn parse(bytes: &[u8]) -> Answer {
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a head and a body");
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let rest = &bytes[split + 4..];
    let mut lines = head.split("\r\n");
    let status_line = lines.next().expect("a status line");
    let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let headers: Vec<(String, String)> = lines
      .filter_map(|l| l.split_once(':'))
      .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
      .collect();
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let bytes = if chunked { dechunk(rest) } else { rest.to_vec() };
    let body = String::from_utf8_lossy(&bytes).into_owned();
    Answer { status, headers, bytes, body }
  }

  pub fn header(&self, name: &str) -> Option<&str> {
    self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
  }

  /// The text of the page's `<pre>`, its escapes undone.
  pub fn pre(&self) -> String {
    let start = self.body.find("<pre>").expect("a <pre>") + "<pre>".len();
    let end = self.body[start..].find("</pre>").expect("a </pre>") + start;
    unescape(&self.body[start..end])
  }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
  let mut out = Vec::new();
  while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
    let size = std::str::from_utf8(&body[..end]).expect("a chunk size").trim();
    let size = usize::from_str_radix(size, 16).expect("a chunk size");
    if size == 0 {
      break;
    }
    let rest = &body[end + 2..];
    out.extend_from_slice(&rest[..size]);
    body = &rest[size + 2..];
  }
  out
}

pub fn unescape(text: &str) -> String {
  text
    .replace("&lt;", "<")
    .replace("&gt;", ">")
    .replace("&quot;", "\"")
    .replace("&#39;", "'")
    .replace("&amp;", "&")
}

/// `fields` as a browser sends a form.
pub fn form(fields: &[(&str, &str)]) -> String {
  fields.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&")
}

fn encode(text: &str) -> String {
  text
    .bytes()
    .map(|b| match b {
      b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
        (b as char).to_string()
      }
      b' ' => "+".to_string(),
      b => format!("%{b:02X}"),
    })
    .collect()
}

impl Server {
  /// GET with the browser's cookies.
  pub fn get_as(&self, target: &str, cookie: &str) -> Answer {
    self.raw(&format!(
      "GET {target} HTTP/1.1\r\nHost: judge.test\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    ))
  }

  /// POST of a form, with the browser's cookies (none: "").
  pub fn post(&self, target: &str, cookie: &str, body: &str) -> Answer {
    self.try_post(target, cookie, body).expect("an answer")
  }

  /// The same, when the server may die on the way.
  pub fn try_post(&self, target: &str, cookie: &str, body: &str) -> Option<Answer> {
    let cookie = if cookie.is_empty() { String::new() } else { format!("Cookie: {cookie}\r\n") };
    self.try_raw(&format!(
      "POST {target} HTTP/1.1\r\nHost: judge.test\r\n{cookie}\
       Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
       Connection: close\r\n\r\n{body}",
      body.len()
    ))
  }
}

impl Answer {
  /// The `name=value` of the cookie the answer sets (for the next request).
  pub fn cookie(&self) -> Option<String> {
    let set = self.header("set-cookie")?;
    Some(set.split(';').next()?.trim().to_string())
  }

  /// The value of the first form field called `name` on the page.
  pub fn field(&self, name: &str) -> Option<String> {
    let at = self.body.find(&format!("name=\"{name}\""))?;
    let tag_start = self.body[..at].rfind('<')?;
    let tag_end = at + self.body[at..].find('>')?;
    let tag = &self.body[tag_start..tag_end];
    let value = tag.split("value=\"").nth(1)?;
    Some(unescape(&value[..value.find('"')?]))
  }

  /// The text of every `<pre>` on the page, escapes undone.
  pub fn texts(&self) -> String {
    self
      .body
      .split("<pre>")
      .skip(1)
      .filter_map(|part| part.split("</pre>").next())
      .map(unescape)
      .collect::<Vec<_>>()
      .join("\n")
  }
}
