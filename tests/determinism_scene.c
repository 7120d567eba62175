/* Prints the state hash of each determinism scene, one per line (see determinism_builds.sh). */
#include <inttypes.h>
#include <stdio.h>

#include "determinism_scene.h"

int main(void) {
    ccl_allocator none;
    memset(&none, 0, sizeof none);
    for (int k = 0; k < SCENE_COUNT; ++k) {
        uint64_t h = scene_run(k, none);
        if (h == 0) {
            fprintf(stderr, "determinism_scene: scene %d failed\n", k);
            return 1;
        }
        printf("scene %d %016" PRIx64 "\n", k, h);
    }
    return 0;
}
