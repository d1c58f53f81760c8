; Inno Setup 6 script of Tournament Desk (赛事编排台) for Windows: the setup program directors download.
;
; installer/build.py runs it after PyInstaller, as
;   ISCC.exe /DAppVersion=0.9.0 /DBundleDir=...\dist\tournament-desk /DOutputDir=...\dist tournament-desk.iss
; and it makes dist\TournamentDesk-VERSION-windows-x64-setup.exe. The file is UTF-8 with a byte-order mark,
; which Inno Setup needs to read the Chinese text. With a certificate (installer/signing.py) build.py adds
;   /DSignSetup "/Stdesk=signtool.exe sign ... $f"
; and Inno Setup signs the setup program and its uninstaller.
;
; It installs for the current user without administrator rights (or for everyone, if the director picks
; that), adds a Start-menu entry, optionally a desktop icon, and makes *.tdesk files open with the program.
; The bundle's tdesk.exe (the command line, installer/tdesk_launcher.py) goes in beside the program; a second
; Start-menu entry opens a command prompt in that folder, where `tdesk --help` is the first thing it shows.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\tournament-desk"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#define AppExe "tournament-desk.exe"
#define CliExe "tdesk.exe"
#define ProgId "TournamentDesk.tdesk"
; Inno Setup ships a Chinese translation of its own screens only in recent versions: use it when present.
#define HaveChinese FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")

[Setup]
AppId={{8E3C5B1A-6F2D-4C7B-9A0E-2D5F1B7C3E94}
AppName=Tournament Desk 赛事编排台
AppVersion={#AppVersion}
AppVerName=Tournament Desk 赛事编排台 {#AppVersion}
AppPublisher=Tournament Desk
DefaultDirName={autopf}\Tournament Desk
DefaultGroupName=Tournament Desk
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=TournamentDesk-{#AppVersion}-windows-x64-setup
VersionInfoVersion={#AppVersion}
VersionInfoProductVersion={#AppVersion}
VersionInfoProductName=Tournament Desk 赛事编排台
VersionInfoDescription=Tournament Desk 赛事编排台 setup
#ifdef SignSetup
SignTool=tdesk
SignedUninstaller=yes
#endif
SetupIconFile=..\..\resources\icons\tournament-desk.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName=Tournament Desk 赛事编排台
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
ShowLanguageDialog=auto

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
#if HaveChinese
Name: "zh"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#endif

[CustomMessages]
en.FileTypeName=Tournament Desk tournament
en.AssociateFiles=Open *.tdesk tournament files with Tournament Desk
en.CommandLine=Tournament Desk command line (tdesk)
#if HaveChinese
zh.FileTypeName=赛事编排台比赛文件
zh.AssociateFiles=用赛事编排台打开 *.tdesk 比赛文件
zh.CommandLine=赛事编排台命令行 (tdesk)
#endif

[Tasks]
Name: "association"; Description: "{cm:AssociateFiles}"
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tournament Desk 赛事编排台"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\Tournament Desk 赛事编排台"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon
Name: "{autoprograms}\{cm:CommandLine}"; Filename: "{cmd}"; Parameters: "/k {#CliExe} --help"; WorkingDir: "{app}"; IconFilename: "{app}\{#AppExe}"

[Registry]
; HKA is the current user's classes for a per-user install and the machine's for an install for everyone.
Root: HKA; Subkey: "Software\Classes\.tdesk\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: association
Root: HKA; Subkey: "Software\Classes\.tdesk"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue; Tasks: association
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "{cm:FileTypeName}"; Flags: uninsdeletekey; Tasks: association
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"; Tasks: association
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""; Tasks: association
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".tdesk"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,Tournament Desk}"; Flags: nowait postinstall skipifsilent
