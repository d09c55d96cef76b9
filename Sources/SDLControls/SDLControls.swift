@_exported import SDLControlsCore
