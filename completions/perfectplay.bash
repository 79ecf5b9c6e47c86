# bash completion for perfectplay: commands, games, each command's options
# (read from the program's own --help, so they never drift), and files.
# Installed by `cmake --install` into share/bash-completion/completions/.
_perfectplay() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prog=${COMP_WORDS[0]}
  local commands="list solve analyze hint play verify generate explain bench help"
  local extra
  extra=$("$prog" help 2>/dev/null | awk '/^Subcommands:/ {s = 1; next} s && NF {print $1}')
  [ -n "$extra" ] && commands="$extra help"
  if [ "$COMP_CWORD" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version --color" -- "$cur")
    return
  fi
  local command=${COMP_WORDS[1]}
  if [ "$COMP_CWORD" -eq 2 ] && [[ $cur != -* ]]; then
    case $command in
      list | help) mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur") ;;
      *)
        local games
        games=$("$prog" "$command" --help 2>/dev/null | awk '/^Subcommands:/ {s = 1; next} s && NF {print $1}')
        mapfile -t COMPREPLY < <(compgen -W "$games" -- "$cur")
        ;;
    esac
    return
  fi
  if [[ $cur == -* ]]; then
    local options
    options=$("$prog" "${COMP_WORDS[@]:1:2}" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)
    mapfile -t COMPREPLY < <(compgen -W "$options --color" -- "$cur")
    return
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _perfectplay perfectplay
