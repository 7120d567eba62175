# Writes a C source file that holds a text file as a NUL-terminated char array.
# Usage: cmake -DINPUT=file -DOUTPUT=file.c -DSYMBOL=name -P embed.cmake
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR length "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n    "
       bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
    "/* Generated from ${INPUT} at build time. */\n"
    "#include <stddef.h>\n"
    "extern const char ${SYMBOL}[];\n"
    "extern const size_t ${SYMBOL}_length;\n"
    "const char ${SYMBOL}[] = {\n    ${bytes}0x00};\n"
    "const size_t ${SYMBOL}_length = ${length};\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
