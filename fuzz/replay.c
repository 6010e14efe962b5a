/*
 * Plain replay driver: runs LLVMFuzzerTestOneInput once on every file
 * given (directories are walked one level). Used by make test under
 * ASan+UBSan; a broken rule or sanitizer report aborts with the file name
 * already printed.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_INPUT (1u << 20)

static unsigned long runs;

static int run_file(const char *path)
{
	static uint8_t buf[MAX_INPUT];
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (!fp) {
		fprintf(stderr, "replay: cannot open %s\n", path);
		return 1;
	}
	uint8_t *copy;

	n = fread(buf, 1, sizeof(buf), fp);
	fclose(fp);
	fprintf(stderr, "replay: %s (%zu octets)\n", path, n);
	/* an exact-size heap copy, as libFuzzer passes it, so ASan sees
	 * a read one octet past the input */
	copy = malloc(n ? n : 1);
	if (!copy)
		return 1;
	memcpy(copy, buf, n);
	LLVMFuzzerTestOneInput(copy, n);
	free(copy);
	runs++;
	return 0;
}

static int run_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "replay: no such file: %s\n", path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	d = opendir(path);
	if (!d)
		return 1;
	while ((e = readdir(d)) != NULL) {
		char sub[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (stat(sub, &st) == 0 && S_ISREG(st.st_mode))
			rc |= run_file(sub);
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;

	for (int i = 1; i < argc; i++)
		rc |= run_path(argv[i]);
	printf("replay %s: %lu passed, %d failed\n", argc > 0 ? argv[0] : "", runs, rc);
	return rc;
}
