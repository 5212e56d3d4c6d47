int included_first;
