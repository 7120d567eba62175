/* circol CLI: command-line options. Every error names the option. */
#ifndef CIRCOL_CLI_OPTIONS_H
#define CIRCOL_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Options of `circol run`.
typedef struct ccl_cli_run_options {
    const char *scene_path;      ///< SCENE.json, or NULL for the bundled default.
    double until;                ///< --until T, when has_until.
    bool has_until;              ///< Whether --until was given.
    bool json;                   ///< --json: one JSON object on standard output.
    bool state;                  ///< --state: include the circles.
    const char *svg_path;        ///< --svg FILE, or NULL.
    const char *trace_path;      ///< --trace FILE.csv, or NULL.
    int colour_by;               ///< --colour speed|species (a ccl_cli_colour_by). Default speed.
    int trail_mode;              ///< --trails last|all|none (a ccl_cli_trail_mode). Default last.
    const char *frames_dir;      ///< --frames DIR: numbered PNG pictures, or NULL.
    const char *xyz_path;        ///< --xyz FILE: extended XYZ frames every DT, or NULL.
    const char *checkpoint_path; ///< --checkpoint FILE: the world saved every DT, or NULL.
    double every;   ///< --every DT: simulated time between frames and checkpoints (> 0), when
                    ///< has_every.
    bool has_every; ///< Whether --every was given.
    bool help;      ///< --help.
} ccl_cli_run_options;

/// Options of `circol gas`.
typedef struct ccl_cli_gas_options {
    int n;                ///< --n N disks. Default 4096.
    double eta;           ///< --eta packing fraction. Default 0.3.
    uint64_t collisions;  ///< --collisions K measured. Default 100 per disk.
    double equilibrate;   ///< --equilibrate C collisions per disk first. Default 10.
    int blocks;           ///< --blocks B for the standard error. Default 20.
    uint64_t seed;        ///< --seed S. Default 1.
    double cell_size;     ///< --cell-size S: the world's grid cell edge; 0 (default) automatic.
    bool bidisperse;      ///< --bidisperse: half the disks of diameter 1.4, half of 1.
    int dim;              ///< --dim 2 (default, disks) or 3 (spheres).
    bool json;            ///< --json.
    const char *svg_path; ///< --svg FILE: the speed histogram, or NULL.
    const char *gr_path;  ///< --gr FILE: g(r) as CSV, or NULL.
    const char *xyz_path; ///< --xyz FILE: extended XYZ frames every DT, or NULL.
    double every;         ///< --every DT: simulated time between frames (> 0), when has_every.
    bool has_every;       ///< Whether --every was given.
    bool help;            ///< --help.
} ccl_cli_gas_options;

/// Options of `circol jam`.
typedef struct ccl_cli_jam_options {
    int n;                ///< --n N disks. Default 256.
    bool bidisperse;      ///< --bidisperse: half the disks of diameter 1.4, half of 1.
    double growth;        ///< --growth G: the radii's growth rate (1/time, kT = 1). Default 0.01.
    double max_pressure;  ///< --max-pressure P: stop once the reduced pressure passes it. 1e6.
    uint64_t seed;        ///< --seed S. Default 1.
    bool json;            ///< --json.
    const char *svg_path; ///< --svg FILE: the jammed packing, or NULL (2D only).
    int dim;              ///< --dim 2 (default, disks) or 3 (spheres).
    bool help;            ///< --help.
} ccl_cli_jam_options;

/// Parses the arguments after `run`. False with a message in error on bad usage.
bool ccl_cli_parse_run_options(int argc, char **argv, ccl_cli_run_options *options, char *error,
                               size_t error_size);

/* How `circol command` goes on once its options are read: parsed says whether they parsed (error
 * says why not, on standard error then), help whether they asked for the usage, which usage
 * writes to standard output. False when the command ends there, with *code its exit status. */
bool ccl_cli_options_begin(bool parsed, const char *error, bool help, const char *command,
                           void (*usage)(void *out), int *code);

/* Reads the arguments after `command` (run or resume) into options. False when the command ends
 * there, with *code its exit status: the options did not parse (said on standard error) or asked
 * for help (usage writes it to standard output). */
bool ccl_cli_run_options_begin(int argc, char **argv, const char *command, void (*usage)(void *out),
                               ccl_cli_run_options *options, int *code);

/// Parses the arguments after `gas`. False with a message in error on bad usage.
bool ccl_cli_parse_gas_options(int argc, char **argv, ccl_cli_gas_options *options, char *error,
                               size_t error_size);

/// Parses the arguments after `jam`. False with a message in error on bad usage.
bool ccl_cli_parse_jam_options(int argc, char **argv, ccl_cli_jam_options *options, char *error,
                               size_t error_size);

#endif
