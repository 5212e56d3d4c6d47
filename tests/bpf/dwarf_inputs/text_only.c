/* One code section (.text): the unit gets low_pc/high_pc, no ranges.  */
int f(int x) { return x + 1; }

int g(int y)
{
	int z = y << 2;
	return z - y;
}
