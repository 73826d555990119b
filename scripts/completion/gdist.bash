# bash completion for the gdist tools (gconvert, gapsp, gcenter, gpath, ginfo).
# Options are read from the tool's own --help, so they never go stale; values
# of options with a fixed set ({auto,cpu,gpu}) are completed from that set,
# everything else as a file name. Installed to share/bash-completion/completions.
_gdist_complete() {
  local cur prev tool help
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  tool="${COMP_WORDS[0]}"
  help="$("$tool" --help 2>/dev/null)" || return 0
  if [[ "$prev" == -* ]]; then
    # CLI11 prints "  --backend TEXT:{auto,cpu,gpu} ..." for a fixed set of values.
    local line choices
    line="$(grep -E -- "(^|[ ,])${prev}( |,|$)" <<<"$help" | head -n 1)"
    choices="$(sed -n 's/.*:{\([^}]*\)}.*/\1/p' <<<"$line" | tr ',' ' ')"
    if [[ -n "$choices" ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
      return 0
    fi
    if grep -qE -- "${prev} +(TEXT|FILE|INT|UINT|FLOAT|NUMBER|[A-Z]+)" <<<"$line"; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return 0
    fi
  fi
  if [[ "$cur" == -* ]]; then
    local opts
    opts="$(grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' <<<"$help" | tr -d ' ,' | sort -u)"
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return 0
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _gdist_complete gconvert gapsp gcenter gpath ginfo
