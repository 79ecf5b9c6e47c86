// The native half of perfectplay's own games (python/perfectplay/own.py,
// docs/own-game-python.md): a user's rules, written as a Python class, solved
// by the generic C++ solvers of src/solvers.
#pragma once

#include <pybind11/pybind11.h>

// Adds `OwnSearch` and `RulesError` to the module (module.cpp calls it once).
void bind_own_game(pybind11::module_& m);
