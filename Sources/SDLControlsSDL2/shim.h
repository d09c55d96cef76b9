// The C surface SDLControls uses: SDL2 itself, SDL2_ttf for text, SDL2_image for PNG.
//
// The headers are named through their SDL2/ folder, so no pkg-config include path is
// needed: SDL's own quoted includes resolve beside the including header. Not using
// pkg-config also keeps its `-D_REENTRANT` out of the build, which SwiftPM reports as a
// prohibited flag on every build. The module's name is deliberately one no game's own
// package would have (a game target called CSDL2 is common), and `import SDLControls`
// re-exports it, so games never import it by name.
#ifndef SDLCONTROLS_SDL2_SHIM_H
#define SDLCONTROLS_SDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#endif
