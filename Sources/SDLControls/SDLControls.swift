// `import SDLControls` is the only import a game needs, as `import UIKit` is on iOS:
// - the core (views, controls, target-action), which re-exports Foundation (CGRect, …);
// - SDL2, SDL2_ttf and SDL2_image's C API, so a game's own loop (`SDL_Event`,
//   `SDL_PollEvent`, `SDL_CreateWindow`, …) needs no second import. The C module has a
//   name no game will have (`SDLControlsSDL2`), so a game with its own `CSDL2` target can
//   depend on this package.
@_exported import SDLControlsCore
@_exported import SDLControlsSDL2

// C macros Swift can't import (they are casts), as constants with SDL's names.

/// `SDL_WINDOWPOS_UNDEFINED`: let the window manager place the window.
public let SDL_WINDOWPOS_UNDEFINED = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)
/// `SDL_WINDOWPOS_CENTERED`: centre the window on the primary display.
public let SDL_WINDOWPOS_CENTERED = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
/// `SDL_TOUCH_MOUSEID`: the `which` of mouse events SDL synthesized from touches.
public let SDL_TOUCH_MOUSEID = UInt32.max
/// `SDL_MOUSE_TOUCHID`: the `touchId` of touch events SDL synthesized from the mouse.
public let SDL_MOUSE_TOUCHID: Int64 = -1
