//! Drawing speed: the SVG and the PNG of a crowded standard position, an
//! army on each of the 34 supply centres with moves, holds and supports
//! and their results, as `judge draw` and the results mail draw it. The
//! scene is built once; only the drawing is timed. Targets (issue 16):
//! the SVG under 1 ms, the PNG under 100 ms.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use judge::map::Map;
use judge::{draw, interchange, picture};
use serde_json::{json, Map as Object, Value};

/// A request: an army on every centre, owned by the army's power, each
/// third army moving, each third supporting the move before it.
fn crowded_request(map: &Map) -> String {
  let powers: Vec<String> = map.powers().iter().map(|p| p.name.clone()).collect();
  let mut units: Object<String, Value> = Object::new();
  let mut centers: Object<String, Value> = Object::new();
  let mut orders: Object<String, Value> = Object::new();
  let push = |object: &mut Object<String, Value>, power: &str, text: String| {
    let list = object.entry(power.to_string()).or_insert_with(|| json!([]));
    if let Value::Array(list) = list {
      list.push(Value::String(text));
    }
  };
  let centres: Vec<_> = map.supply_centers().collect();
  let mut last_move: Option<(String, String)> = None;
  for (i, &centre) in centres.iter().enumerate() {
    let power = &powers[i % powers.len()];
    let abbr = map.province(centre).abbr.clone();
    push(&mut units, power, format!("A {abbr}"));
    push(&mut centers, power, abbr.clone());
    let neighbours = map.army_neighbours(centre);
    let order = match i % 3 {
      0 => match neighbours.first() {
        Some(&to) => {
          let to = map.province(to).abbr.clone();
          last_move = Some((abbr.clone(), to.clone()));
          format!("A {abbr} - {to}")
        }
        None => format!("A {abbr} H"),
      },
      2 => match &last_move {
        Some((from, to))
          if neighbours.iter().any(|&n| map.province(n).abbr == *to) && *from != abbr =>
        {
          format!("A {abbr} S A {from} - {to}")
        }
        _ => format!("A {abbr} H"),
      },
      _ => format!("A {abbr} H"),
    };
    push(&mut orders, power, order);
  }
  json!({"variant": "standard", "phase": "S1905M", "units": units, "centers": centers,
         "orders": orders})
  .to_string()
}

fn drawing(c: &mut Criterion) {
  let map = Map::standard().expect("the standard map loads");
  let request = crowded_request(map);
  let response = interchange::run(&request).expect("the request adjudicates");
  let both = format!("{{\"request\":{request},\"response\":{}}}", response[0]);
  let pictures = picture::pictures(&both, None).expect("a picture");
  let scene = pictures[0].scene();
  assert_eq!(scene.position.units().count(), 34);
  let svg = draw::svg(&scene).expect("the standard board draws");

  let mut group = c.benchmark_group("draw");
  group.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
  group.bench_function("svg, 34 units with orders", |b| {
    b.iter(|| draw::svg(black_box(&scene)).expect("draws"))
  });
  group.sample_size(20);
  group.bench_function("png, 34 units with orders", |b| {
    b.iter(|| draw::png(black_box(&svg), judge::cli::DEFAULT_SCALE).expect("renders"))
  });
  group.finish();
}

criterion_group!(benches, drawing);
criterion_main!(benches);
