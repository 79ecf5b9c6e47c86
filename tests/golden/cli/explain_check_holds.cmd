explain --check -
