help judge
