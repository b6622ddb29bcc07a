#!/usr/bin/env python3
"""Draws the pro shop's product illustrations (SVG) into web-member/public/images/shop/.
Flat, original drawings made for this project; run again after changing a drawing."""
import os

OUT = os.path.join(os.path.dirname(__file__), '..', 'web-member', 'public', 'images', 'shop')
os.makedirs(OUT, exist_ok=True)

BG = {'clubs': ('#e8f1ea', '#cfe3d4'), 'balls': ('#eef3f8', '#d6e2ee'), 'apparel': ('#f4efe6', '#e6dccb'),
      'accessories': ('#eef0f5', '#d9dde8'), 'bags': ('#f1ece8', '#e0d4cb'), 'gift': ('#10213a', '#1d3a63'), 'default': ('#eef0f3', '#d9dde3')}
NAVY, WHITE, GOLD, GREEN, STEEL, BLACK, RED, YELLOW = '#14284b', '#fdfdfb', '#e6b23a', '#2f7d4f', '#9aa7b4', '#1c1f24', '#c8413b', '#f2d43d'


def svg(cat, body, w=800, h=800):
    a, b = BG[cat]
    return f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{a}"/><stop offset="1" stop-color="{b}"/></linearGradient>
<radialGradient id="shine" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="{w}" height="{h}" fill="url(#bg)"/>
<ellipse cx="{w/2}" cy="{h*0.86}" rx="{w*0.3}" ry="{h*0.035}" fill="#000" opacity=".08"/>
{body}
</svg>
'''


def club(head, shaft_len=430):
    return f'<line x1="520" y1="90" x2="400" y2="{90+shaft_len}" stroke="{STEEL}" stroke-width="12" stroke-linecap="round"/>' \
           f'<line x1="520" y1="90" x2="495" y2="200" stroke="{BLACK}" stroke-width="22" stroke-linecap="round"/>' + head


def ball(cx, cy, r, colour=WHITE):
    dimples = ''.join(f'<circle cx="{cx + dx * r * 0.28}" cy="{cy + dy * r * 0.28}" r="{r*0.07}" fill="#000" opacity=".07"/>'
                      for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2) if dx * dx + dy * dy <= 5)
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colour}" stroke="#c9ced4" stroke-width="3"/>{dimples}<circle cx="{cx}" cy="{cy}" r="{r}" fill="url(#shine)"/>'


def shirt(colour, collar=True, sleeves='short', zip_=False):
    sleeve = 'L150,330 L215,390 L250,350' if sleeves == 'short' else 'L120,560 L190,585 L250,350'
    sleeve_r = 'L650,330 L585,390 L550,350' if sleeves == 'short' else 'L680,560 L610,585 L550,350'
    body = f'<path d="M300,180 L250,200 {sleeve.replace("L250,350","")} L250,350 L255,680 L545,680 L550,350 {sleeve_r.replace("L550,350","")} L550,350 L550,200 L500,180 Q400,240 300,180 Z" fill="{colour}" stroke="#0003" stroke-width="4"/>'
    body = f'<path d="M300,180 L210,215 {"L150,330 L215,390" if sleeves=="short" else "L125,560 L195,585"} L250,{350 if sleeves=="short" else 330} L255,680 L545,680 L550,{350 if sleeves=="short" else 330} {"L585,390 L650,330" if sleeves=="short" else "L605,585 L675,560"} L590,215 L500,180 Q400,240 300,180 Z" fill="{colour}" stroke="#0003" stroke-width="4"/>'
    if collar:
        body += f'<path d="M300,180 L400,250 L360,300 Z M500,180 L400,250 L440,300 Z" fill="{colour}" stroke="#0004" stroke-width="4"/>'
        body += '<circle cx="400" cy="285" r="6" fill="#0005"/><circle cx="400" cy="320" r="6" fill="#0005"/>'
    if zip_:
        body += f'<line x1="400" y1="215" x2="400" y2="380" stroke="{STEEL}" stroke-width="8"/><rect x="392" y="370" width="16" height="26" rx="4" fill="{STEEL}"/>'
    body += f'<text x="470" y="330" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="30" fill="{GOLD}">R+</text>'
    return body


def cap(colour):
    return (f'<path d="M200,470 Q210,250 400,240 Q590,250 600,470 Z" fill="{colour}" stroke="#0003" stroke-width="4"/>'
            f'<path d="M200,470 Q400,430 600,470 Q700,520 640,560 Q420,520 220,530 Q170,510 200,470 Z" fill="{colour}" stroke="#0004" stroke-width="4"/>'
            f'<circle cx="400" cy="245" r="14" fill="{colour}" stroke="#0004" stroke-width="3"/>'
            f'<path d="M400,245 L400,470 M300,262 L270,465 M500,262 L530,465" stroke="#0002" stroke-width="4" fill="none"/>'
            f'<text x="350" y="400" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="56" fill="{GOLD}">R+</text>')


D = {}
D['roar-driver-460'] = ('clubs', club(f'<path d="M250,520 Q240,600 320,640 Q430,670 470,600 Q470,540 400,515 Z" fill="{BLACK}"/><path d="M300,560 Q360,540 430,570" stroke="{GOLD}" stroke-width="8" fill="none"/>'))
D['roar-fairway-wood'] = ('clubs', club(f'<path d="M300,540 Q290,600 350,625 Q430,645 460,590 Q455,548 400,535 Z" fill="{NAVY}"/><path d="M330,575 Q380,560 430,585" stroke="{GOLD}" stroke-width="7" fill="none"/>'))
D['roar-iron-set'] = ('clubs', ''.join(f'<g transform="rotate({a} 400 700)"><line x1="400" y1="150" x2="400" y2="600" stroke="{STEEL}" stroke-width="9"/><line x1="400" y1="150" x2="400" y2="240" stroke="{BLACK}" stroke-width="18" stroke-linecap="round"/><path d="M385,590 L330,640 Q340,670 400,668 L420,600 Z" fill="#c5ccd3" stroke="#7d8792" stroke-width="3"/></g>' for a in (-24, -14, -5, 5, 14, 24)))
D['greenside-blade-putter'] = ('clubs', club(f'<rect x="270" y="585" width="200" height="52" rx="10" fill="#b9c1c9" stroke="#6d7782" stroke-width="4"/><line x1="370" y1="590" x2="370" y2="632" stroke="{RED}" stroke-width="5"/>'))
D['greenside-wedge'] = ('clubs', club(f'<path d="M405,540 L300,600 Q300,660 380,655 L445,600 Z" fill="#cfd5db" stroke="#6d7782" stroke-width="4"/>' + ''.join(f'<line x1="{330+i*6}" y1="{605+i*8}" x2="{410+i*4}" y2="{575+i*8}" stroke="#8b95a0" stroke-width="3"/>' for i in range(5))))
D['links-lab-tour-balls'] = ('balls', f'<rect x="190" y="360" width="420" height="300" rx="18" fill="{NAVY}"/><rect x="190" y="360" width="420" height="60" rx="18" fill="#1f3a66"/><text x="225" y="560" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="44" fill="{WHITE}">LINKS LAB TOUR</text>' + ball(300, 280, 85) + ball(480, 260, 85, YELLOW))
D['fairway-basics-distance-balls'] = ('balls', ''.join(ball(x, y, 78) for x, y in ((280, 420), (440, 420), (360, 290), (520, 300), (600, 450))))
D['roar-performance-polo'] = ('apparel', shirt(NAVY))
D['roar-quarter-zip'] = ('apparel', shirt('#3a4a5c', collar=False, sleeves='long', zip_=True))
D['roar-tour-cap'] = ('apparel', cap(NAVY))
D['roar-bucket-hat'] = ('apparel', f'<path d="M270,460 Q280,280 400,275 Q520,280 530,460 Z" fill="#c9b68f" stroke="#0003" stroke-width="4"/><path d="M150,520 Q400,420 650,520 Q640,580 400,560 Q160,580 150,520 Z" fill="#bba57b" stroke="#0003" stroke-width="4"/><rect x="272" y="420" width="256" height="26" fill="{NAVY}"/>')
D['links-lab-rain-jacket'] = ('apparel', shirt('#2c6e8f', collar=False, sleeves='long', zip_=True) + '<path d="M300,180 Q400,90 500,180 Q400,230 300,180 Z" fill="#27627f" stroke="#0003" stroke-width="4"/>')
D['roar-golf-shorts'] = ('apparel', f'<path d="M250,220 L550,220 L590,620 L430,640 L400,380 L370,640 L210,620 Z" fill="#8c9aa8" stroke="#0003" stroke-width="4"/><rect x="250" y="220" width="300" height="40" fill="#7b8896"/><path d="M300,270 Q320,330 290,360 M500,270 Q480,330 510,360" stroke="#0003" stroke-width="4" fill="none"/>')
D['links-lab-leather-glove'] = ('accessories', f'<path d="M300,660 L300,420 Q290,300 320,230 Q340,205 355,235 L360,400 L370,190 Q385,160 405,190 L405,395 L425,200 Q445,170 462,205 L455,410 L482,260 Q500,235 515,262 L505,470 Q560,420 590,440 Q600,460 560,520 Q510,600 500,660 Z" fill="{WHITE}" stroke="#b7bcc2" stroke-width="5"/><rect x="300" y="600" width="200" height="60" fill="{NAVY}"/>')
D['roar-stand-bag'] = ('bags', f'<line x1="470" y1="420" x2="600" y2="700" stroke="{STEEL}" stroke-width="10"/><rect x="300" y="220" width="180" height="460" rx="40" fill="{NAVY}" stroke="#0003" stroke-width="4"/><rect x="300" y="200" width="180" height="50" rx="20" fill="{BLACK}"/><rect x="330" y="400" width="120" height="150" rx="16" fill="#1f3a66"/><text x="345" y="490" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="48" fill="{GOLD}">R+</text>' + ''.join(f'<rect x="{315+i*38}" y="{120+ (i%2)*20}" width="28" height="100" rx="10" fill="{c}"/>' for i, c in enumerate((BLACK, '#b33', NAVY, STEEL))))
D['fairway-basics-cart-bag'] = ('bags', f'<rect x="290" y="220" width="220" height="470" rx="50" fill="#5a3e2b" stroke="#0003" stroke-width="4"/><rect x="290" y="200" width="220" height="56" rx="22" fill="{BLACK}"/><rect x="320" y="320" width="160" height="90" rx="14" fill="#6d4b35"/><rect x="320" y="440" width="160" height="160" rx="14" fill="#6d4b35"/>' + ''.join(f'<rect x="{305+i*34}" y="{110+(i%3)*18}" width="26" height="110" rx="9" fill="{c}"/>' for i, c in enumerate((BLACK, NAVY, STEEL, '#b33', BLACK, NAVY))))
D['roar-tour-umbrella'] = ('accessories', f'<path d="M140,400 Q400,120 660,400 Z" fill="{NAVY}"/><path d="M140,400 Q205,360 270,400 Q335,360 400,400 Q465,360 530,400 Q595,360 660,400" fill="{WHITE}" stroke="{NAVY}" stroke-width="4"/><path d="M270,400 Q330,200 400,170 Q470,200 530,400" fill="none" stroke="{WHITE}" stroke-width="6"/><line x1="400" y1="170" x2="400" y2="640" stroke="{BLACK}" stroke-width="12"/><path d="M400,640 Q400,690 440,690 Q470,690 470,660" fill="none" stroke="{BLACK}" stroke-width="14" stroke-linecap="round"/>')
D['roar-microfibre-towel'] = ('accessories', f'<rect x="260" y="200" width="280" height="460" rx="16" fill="{NAVY}"/>' + ''.join(f'<line x1="260" y1="{220+i*30}" x2="540" y2="{220+i*30}" stroke="#ffffff22" stroke-width="4"/>' for i in range(15)) + ''.join(f'<line x1="{280+i*30}" y1="200" x2="{280+i*30}" y2="660" stroke="#ffffff22" stroke-width="4"/>' for i in range(9)) + f'<path d="M400,160 m-30,0 a30,30 0 1,0 60,0 a30,30 0 1,0 -60,0" fill="none" stroke="{STEEL}" stroke-width="10"/><rect x="380" y="185" width="40" height="30" fill="{STEEL}"/>')
D['fairway-basics-bamboo-tees'] = ('accessories', ''.join(f'<g transform="rotate({a} 400 640)"><path d="M370,240 Q400,280 430,240 L415,270 L408,620 L400,650 L392,620 L385,270 Z" fill="#d2b27c" stroke="#9b7a45" stroke-width="3"/></g>' for a in (-30, -15, 0, 15, 30)))
D['links-lab-rangefinder'] = ('accessories', f'<rect x="220" y="330" width="360" height="220" rx="40" fill="{BLACK}"/><rect x="240" y="350" width="320" height="60" rx="20" fill="#2a2f36"/><circle cx="300" cy="470" r="55" fill="#31506e" stroke="#8895a3" stroke-width="10"/><circle cx="300" cy="470" r="25" fill="#7fb0d9"/><circle cx="520" cy="470" r="36" fill="#2a2f36" stroke="#8895a3" stroke-width="6"/><rect x="450" y="300" width="60" height="34" rx="10" fill="{RED}"/>')
D['greenside-spikeless-shoes'] = ('apparel', f'<path d="M160,560 Q170,430 280,420 Q350,350 430,360 Q470,420 560,450 Q660,470 660,560 Z" fill="{WHITE}" stroke="#b0b6bd" stroke-width="5"/><path d="M150,560 L670,560 Q670,610 600,610 L200,610 Q150,610 150,560 Z" fill="{NAVY}"/>' + ''.join(f'<line x1="{330+i*28}" y1="{390+i*6}" x2="{360+i*28}" y2="{410+i*6}" stroke="{NAVY}" stroke-width="6"/>' for i in range(4)))
D['roar-divot-tool'] = ('accessories', f'<path d="M330,180 L330,430 Q330,470 370,470 L430,470 Q470,470 470,430 L470,180 L440,180 L440,420 L360,420 L360,180 Z" fill="#b9c1c9" stroke="#6d7782" stroke-width="4"/><rect x="340" y="460" width="120" height="190" rx="30" fill="#b9c1c9" stroke="#6d7782" stroke-width="4"/><circle cx="520" cy="560" r="80" fill="{NAVY}" stroke="{GOLD}" stroke-width="10"/><text x="478" y="580" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="56" fill="{GOLD}">R+</text>')
D['roar-headcover-set'] = ('accessories', ''.join(f'<g transform="translate({x},0)"><path d="M0,640 L0,380 Q0,{h} 80,{h} Q160,{h} 160,380 L160,640 Z" fill="{c}" stroke="#0003" stroke-width="4"/><rect x="0" y="560" width="160" height="26" fill="{WHITE}"/><rect x="0" y="600" width="160" height="26" fill="{WHITE}"/><circle cx="80" cy="{h-10}" r="26" fill="{WHITE}"/></g>' for x, h, c in ((130, 260, NAVY), (320, 300, '#1f3a66'), (510, 340, NAVY))))
D['roar-gift-card'] = ('gift', f'<g transform="rotate(-8 400 420)"><rect x="150" y="250" width="500" height="310" rx="28" fill="{GOLD}"/><rect x="150" y="250" width="500" height="310" rx="28" fill="url(#shine)"/><text x="190" y="340" font-family="Arial,Helvetica,sans-serif" font-weight="800" font-size="64" fill="{NAVY}">ROAR+</text><text x="190" y="390" font-family="Arial,Helvetica,sans-serif" font-size="30" fill="{NAVY}">PRO SHOP GIFT CARD</text><rect x="190" y="450" width="260" height="22" rx="8" fill="#0002"/><rect x="190" y="490" width="180" height="22" rx="8" fill="#0002"/></g>')
D['default-product'] = ('default', f'<path d="M380,180 L380,640" stroke="{STEEL}" stroke-width="14" stroke-linecap="round"/><path d="M386,190 L560,250 L386,310 Z" fill="{RED}"/><ellipse cx="380" cy="645" rx="120" ry="24" fill="{GREEN}" opacity=".5"/>' + ball(470, 610, 30))

for name, (cat, body) in D.items():
    with open(os.path.join(OUT, f'{name}.svg'), 'w') as f:
        f.write(svg(cat, body))


def banner(name, sky, body):
    with open(os.path.join(OUT, f'{name}.svg'), 'w') as f:
        f.write(f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 500" width="1600" height="500" role="img">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{sky[0]}"/><stop offset="1" stop-color="{sky[1]}"/></linearGradient></defs>
<rect width="1600" height="500" fill="url(#sky)"/>{body}</svg>
''')


hills = f'<path d="M0,380 Q300,300 650,360 T1600,330 L1600,500 L0,500 Z" fill="#3f8f5b"/><path d="M0,430 Q400,370 900,420 T1600,400 L1600,500 L0,500 Z" fill="{GREEN}"/>'
banner('banner-summer', ('#7cc4f0', '#d6eefb'), f'<circle cx="1380" cy="110" r="70" fill="#ffd95a"/>{hills}<line x1="1180" y1="210" x2="1180" y2="400" stroke="{WHITE}" stroke-width="8"/><path d="M1184,215 L1290,245 L1184,275 Z" fill="{RED}"/><ellipse cx="1180" cy="402" rx="22" ry="7" fill="#1d4d31"/>')
banner('banner-gift', ('#10213a', '#1d3a63'), f'<g transform="rotate(-10 1250 250)"><rect x="1030" y="120" width="420" height="260" rx="24" fill="{GOLD}"/><text x="1070" y="210" font-family="Arial,Helvetica,sans-serif" font-weight="800" font-size="58" fill="{NAVY}">ROAR+</text><text x="1070" y="255" font-family="Arial,Helvetica,sans-serif" font-size="26" fill="{NAVY}">PRO SHOP GIFT CARD</text></g>' + ''.join(f'<circle cx="{x}" cy="{y}" r="4" fill="{GOLD}" opacity=".7"/>' for x, y in ((900, 90), (960, 400), (1500, 80), (1540, 420), (860, 300))))
print(f'{len(D) + 2} images written to {os.path.normpath(OUT)}')
