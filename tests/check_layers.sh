#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the includes:
#   core <- solvers <- api <- games/<game> <- registry <- cli
#   core <- cgt (solver layer: combinatorial game values) <- games, registry, cli
#                       api <- judge <- cli
#                       api <- certify <- games/<game>, cli
#                       api, certify <- builder (own games) <- examples
# A lower layer never includes a higher one, no game includes another game
# (or the registry), algorithms include no game, and only the verify driver
# and tests include RapidCheck.
set -u
cd "$(dirname "$0")/../src" || exit 2
fail=0
forbid() {  # forbid DIR PATTERN WHY
  local hits
  hits=$(grep -rnE "#include [<\"]($2)" "$1" --include='*.h' --include='*.cpp' | grep -v '_test\.cpp:')
  if [ -n "$hits" ]; then
    echo "layer violation ($3):"
    echo "$hits"
    fail=1
  fi
}
forbid core 'solvers/|api/|games/|algorithms/|registry/|cli/|verify/|judge/|certify/|rapidcheck' "core includes a higher layer"
forbid solvers 'api/|games/|algorithms/|registry/|cli/|verify/|judge/|certify/|rapidcheck' "solvers include a higher layer"
forbid cgt 'api/|games/|algorithms/|registry/|cli/|verify/|judge/|certify/|rapidcheck' "cgt includes a higher layer"
forbid api 'games/|algorithms/|registry/|cli/|verify/|judge/|certify/|rapidcheck' "api includes a game or a front end"
forbid certify 'games/|algorithms/|registry/|cli/|verify/|judge/|rapidcheck' "certify includes a game or a front end"
forbid judge 'games/|algorithms/|registry/|cli/|verify/|certify/|rapidcheck' "judge includes a game or a front end"
forbid builder 'games/|algorithms/|registry/|cli/|verify/|judge/|rapidcheck' "the builder includes a game or a front end"
forbid algorithms 'games/|registry/|cli/|judge/' "an algorithm includes a game"
for dir in games/*/; do
  game=$(basename "$dir")
  hits=$(grep -rnE '#include "(registry/|cli/|judge/|games/)' "$dir" | grep -v "#include \"games/$game/")
  if [ -n "$hits" ]; then
    echo "layer violation ($game includes another game or the registry):"
    echo "$hits"
    fail=1
  fi
done
[ "$fail" = 0 ] && echo "layers: 1 passed, 0 failed" || echo "layers: 0 passed, 1 failed"
exit "$fail"
