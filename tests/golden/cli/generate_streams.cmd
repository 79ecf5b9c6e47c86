generate binim --cases 1000000000 2>/dev/null | head -c 60
