// perfectplay.CgtValue and the functions behind perfectplay.cgt_value
// (python/cgt.cpp): combinatorial game values of src/cgt in Python.
#pragma once

#include <pybind11/pybind11.h>

// Adds `CgtValue`, `cgt_of_rules` and `cgt_of_builtin` to the module
// (module.cpp calls it once).
void bind_cgt(pybind11::module_& m);
