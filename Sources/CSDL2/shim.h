// The C surface SDLControls uses: SDL2 itself, SDL2_ttf for text, SDL2_image for PNG.
// pkg-config's sdl2 cflags put the SDL2 include folder on the path.
#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#endif
