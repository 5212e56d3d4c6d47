int typeof = 1;
