#include "cgt/thermograph.h"

#include <algorithm>
#include <cassert>

namespace perfectplay::cgt {

Rational Wall::at(const Rational& t) const {
  assert(!corners.empty());
  // The last corner at or before t (the first if t is before it).
  std::size_t i = 0;
  while (i + 1 < corners.size() && corners[i + 1].first <= t) ++i;
  if (i + 1 == corners.size()) return corners[i].second + last_slope * (t - corners[i].first);
  const auto& [t0, v0] = corners[i];
  const auto& [t1, v1] = corners[i + 1];
  // v0 + (v1 - v0) * (t - t0) / (t1 - t0); t1 - t0 > 0.
  const Rational dt = t1 - t0;
  return v0 + (v1 - v0) * (t - t0) * Rational(dt.den(), dt.num());
}

Wall Wall::tilted(const Rational& slope) const {
  Wall w = *this;
  for (auto& [t, v] : w.corners) v = v + slope * t;
  w.last_slope = last_slope + slope;
  return w;
}

Wall Wall::capped(const Rational& t0) const {
  Wall w;
  for (const auto& c : corners) {
    if (c.first < t0) w.corners.push_back(c);
  }
  w.corners.emplace_back(t0, at(t0));
  w.last_slope = 0;
  // A corner at t0 that is on the straight line through its neighbours is
  // kept: it is where the mast starts.
  return w;
}

namespace {

// Drops corners that lie on the line through their neighbours (and the last
// one if the ray continues its segment), so equal walls are equal data.
Wall simplified(Wall w) {
  std::vector<std::pair<Rational, Rational>> out;
  for (std::size_t i = 0; i < w.corners.size(); ++i) {
    if (out.size() >= 1 && i + 1 < w.corners.size()) {
      const auto& [ta, va] = out.back();
      const auto& [tb, vb] = w.corners[i];
      const auto& [tc, vc] = w.corners[i + 1];
      if ((vb - va) * (tc - tb) == (vc - vb) * (tb - ta)) continue;
    }
    out.push_back(w.corners[i]);
  }
  if (out.size() >= 2) {
    const auto& [ta, va] = out[out.size() - 2];
    const auto& [tb, vb] = out.back();
    if (vb - va == w.last_slope * (tb - ta)) out.pop_back();
  }
  w.corners = std::move(out);
  return w;
}

// The slope of a wall just after t.
Rational slope_after(const Wall& w, const Rational& t) {
  for (std::size_t i = 0; i + 1 < w.corners.size(); ++i) {
    if (w.corners[i + 1].first > t) {
      const Rational dt = w.corners[i + 1].first - w.corners[i].first;
      return (w.corners[i + 1].second - w.corners[i].second) * Rational(dt.den(), dt.num());
    }
  }
  return w.last_slope;
}

// The breakpoints of a set of walls, sorted and unique.
std::vector<Rational> breakpoints(const std::vector<Wall>& walls) {
  std::vector<Rational> ts;
  for (const Wall& w : walls) {
    for (const auto& c : w.corners) ts.push_back(c.first);
  }
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  return ts;
}

// Pointwise extremum: on each interval between breakpoints every wall is a
// line, so the extremum changes only at breakpoints and at the crossings of
// two lines inside an interval; those are added as corners.
Wall extremum(const std::vector<Wall>& walls, bool take_max) {
  assert(!walls.empty());
  const auto better = [&](const Rational& a, const Rational& b) {
    return take_max ? a > b : a < b;
  };
  std::vector<Rational> ts = breakpoints(walls);
  // Crossings: for each interval (and the final ray) and each pair of walls.
  std::vector<Rational> extra;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const Rational& a = ts[i];
    for (std::size_t x = 0; x < walls.size(); ++x) {
      for (std::size_t y = x + 1; y < walls.size(); ++y) {
        const Rational dx = walls[x].at(a) - walls[y].at(a);
        const Rational ds = slope_after(walls[x], a) - slope_after(walls[y], a);
        if (ds == Rational(0) || dx == Rational(0)) continue;
        const Rational t = a - dx * Rational(ds.den(), ds.num());  // where they meet
        if (t > a && (i + 1 == ts.size() || t < ts[i + 1])) extra.push_back(t);
      }
    }
  }
  ts.insert(ts.end(), extra.begin(), extra.end());
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  Wall out;
  for (const Rational& t : ts) {
    Rational best = walls[0].at(t);
    for (const Wall& w : walls) {
      const Rational v = w.at(t);
      if (better(v, best)) best = v;
    }
    out.corners.emplace_back(t, best);
  }
  // After the last point: the walls at the extremum there, the steepest in
  // the chosen direction wins.
  const Rational last = ts.back();
  const Rational at_last = out.corners.back().second;
  bool first = true;
  for (const Wall& w : walls) {
    if (w.at(last) != at_last) continue;
    const Rational s = slope_after(w, last);
    if (first || better(s, out.last_slope)) out.last_slope = s;
    first = false;
  }
  return simplified(out);
}

}  // namespace

Wall Wall::max_of(const std::vector<Wall>& walls) {
  return extremum(walls, true);
}
Wall Wall::min_of(const std::vector<Wall>& walls) {
  return extremum(walls, false);
}

Thermograph thermograph_from_scaffolds(const Wall& ls, const Wall& rs) {
  // D = LS - RS never increases; find its first zero (or the start, if it is
  // already <= 0 there).
  std::vector<Rational> ts = breakpoints({ls, rs});
  Rational tau = ts.front();
  const auto diff = [&](const Rational& t) { return ls.at(t) - rs.at(t); };
  if (diff(tau) > Rational(0)) {
    bool found = false;
    for (std::size_t i = 0; i < ts.size() && !found; ++i) {
      const Rational a = ts[i];
      const Rational da = diff(a);
      if (da <= Rational(0)) {
        tau = a;
        found = true;
        break;
      }
      // The slope of D after a (LS's minus RS's).
      const Rational s = slope_after(ls, a) - slope_after(rs, a);
      if (s < Rational(0)) {
        const Rational t = a - da * Rational(s.den(), s.num());  // da + s (t - a) = 0
        if (i + 1 == ts.size() || t <= ts[i + 1]) {
          tau = t;
          found = true;
        }
      }
    }
    assert(found);  // the scaffolds of a short game always meet
  }
  Thermograph th;
  th.temperature = tau;
  th.mean = ls.at(tau);
  th.left = simplified(ls.capped(tau));
  th.right = simplified(rs.capped(tau));
  return th;
}

}  // namespace perfectplay::cgt
