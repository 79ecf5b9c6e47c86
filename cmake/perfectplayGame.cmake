# perfectplay_add_game_executable(NAME SOURCE...): a program with games of its
# own (docs/own-game.md): every command of `perfectplay` (analyze, hint,
# play, verify, certify, bench, serve) for the games its main registers with
# perfectplay::run_program. Available after find_package(perfectplay) and
# after add_subdirectory of the perfectplay source tree.
function(perfectplay_add_game_executable name)
  if(ARGC LESS 2)
    message(FATAL_ERROR "perfectplay_add_game_executable(NAME SOURCE...): no source given")
  endif()
  add_executable(${name} ${ARGN})
  target_compile_features(${name} PRIVATE cxx_std_20)
  target_link_libraries(${name} PRIVATE perfectplay::perfectplay)
endfunction()
