/* circol CLI: pictures of a running world. */
#include "frames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_locate.h"
#include "raster.h"
#include "report.h"

ccl_cli_svg_circle *ccl_cli_picture_circles(const ccl_world *world, const ccl_circle_id *ids,
                                            int count) {
    ccl_cli_svg_circle *circles = calloc((size_t)count + 1, sizeof *circles);
    for (int i = 0; circles != NULL && i < count; i++) {
        ccl_circle_state state;
        if (ccl_world_get_circle(world, ids[i], &state) == CCL_OK) {
            circles[i] = (ccl_cli_svg_circle){state.position, state.velocity, state.radius,
                                              state.mass, state.mass == 0.0};
        }
    }
    return circles;
}

bool ccl_cli_frames_prepare(const char *dir) {
    struct stat info;
    if (stat(dir, &info) == 0 && S_ISDIR(info.st_mode)) {
        return true;
    }
    if (mkdir(dir, 0777) == 0) {
        return true;
    }
    int reason = errno;
    char name[256];
    ccl_cli_escape_for_message(dir, strlen(dir), name, sizeof name);
    fprintf(stderr, "circol: --frames: cannot make the folder '%s': %s\n", name, strerror(reason));
    return false;
}

bool ccl_cli_frame_write(const char *dir, int index, const ccl_cli_svg_picture *picture) {
    size_t size = strlen(dir) + 32;
    char *path = malloc(size);
    if (path == NULL) {
        fputs("circol: --frames: out of memory\n", stderr);
        return false;
    }
    snprintf(path, size, "%s/frame-%05d.png", dir, index);
    FILE *file = ccl_cli_open_output(path, "--frames");
    bool ok = file != NULL;
    if (ok) {
        bool drawn = ccl_cli_png_write_picture(file, picture, CCL_CLI_FRAME_SIZE);
        ok = ccl_cli_close_output(file, path, "--frames", 0) && drawn;
    }
    free(path);
    return ok;
}
