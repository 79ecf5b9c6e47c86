// Thermographs as data: a game's walls as piecewise-linear functions of the
// temperature t >= -1 (Winning Ways ch. 6; Siegel, ch. II.5).
//
// A Wall is a list of corners (t, value), the first at t = -1, sorted by t,
// joined by straight segments, and after the last corner a ray of slope
// `last_slope`. The left wall of G at t is the left stop of G cooled by t,
// the right wall its right stop. For a number x both walls are x for every
// t (cooling leaves a number alone). For any other G, with its options'
// walls:
//
//   left scaffold   LS(t) = max over G^L of rightwall(G^L)(t) - t
//   right scaffold  RS(t) = min over G^R of leftwall(G^R)(t) + t
//
// LS - RS never increases (LS's slopes are 0 or -1, RS's 0 or +1); the
// temperature is the first t >= -1 where LS(t) <= RS(t), the mean is the
// value there, and above it both walls are the mast: the mean.
//
//   {2 | -1}:  LS = 2 - t, RS = -1 + t, they meet at t = 3/2, value 1/2:
//   temperature 3/2, mean 1/2; left wall (-1,3) (3/2,1/2), then slope 0.
//
// Values are exact (Rational); the corners are dyadic.
#pragma once

#include <utility>
#include <vector>

#include "cgt/rational.h"

namespace perfectplay::cgt {

struct Wall {
  std::vector<std::pair<Rational, Rational>> corners;  // (t, value), first t = -1
  Rational last_slope;

  static Wall constant(const Rational& x) { return Wall{{{Rational(-1), x}}, Rational(0)}; }
  Rational at(const Rational& t) const;
  // This wall plus slope * t.
  Wall tilted(const Rational& slope) const;
  // The wall up to t0, then the constant value it has at t0.
  Wall capped(const Rational& t0) const;
  // The pointwise max (or min) of walls (at least one).
  static Wall max_of(const std::vector<Wall>& walls);
  static Wall min_of(const std::vector<Wall>& walls);
  friend bool operator==(const Wall&, const Wall&) = default;
};

struct Thermograph {
  Wall left;
  Wall right;
  Rational temperature;
  Rational mean;
};

// The thermograph of a game that is not a number, from its scaffolds.
Thermograph thermograph_from_scaffolds(const Wall& left_scaffold, const Wall& right_scaffold);

}  // namespace perfectplay::cgt
