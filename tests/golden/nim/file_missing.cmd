solve nim does-not-exist.in
