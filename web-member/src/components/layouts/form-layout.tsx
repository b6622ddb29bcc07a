import { Outlet } from 'react-router-dom';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { Logo } from '../ui/logo';
import { CAROUSEL_AUTOPLAY_MS } from '../../config/site';

const SLIDES = [
  { title: 'Win big. No B.S', copy: 'Every membership stacks tickets into our member draws, month after month.' },
  { title: 'Save on the things you love', copy: 'Sports and music tickets and gear: save 20-30%. Groceries, fuel and booze: save up to 5%.' },
  { title: 'Cashback on your round', copy: 'Up to $20 cashback on green fees, once a month, plus an official handicap.' },
];

/**
 * Login and sign-up (spec section 2, layout 4): a carousel on the left (hidden on mobile,
 * autoplay 5 s, pauses on hover, clickable pagination) and a centred card.
 */
export function FormLayout() {
  return (
    <div className="form-layout">
      <aside className="form-layout__carousel" aria-label="Why join ROAR+">
        <Swiper
          modules={[Autoplay, Pagination]}
          slidesPerView={1}
          autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
          pagination={{ clickable: true }}
          loop
        >
          {SLIDES.map((slide) => (
            <SwiperSlide key={slide.title}>
              <div className="form-slide">
                <h2>{slide.title}</h2>
                <p>{slide.copy}</p>
              </div>
            </SwiperSlide>
          ))}
        </Swiper>
      </aside>
      <div className="form-layout__main">
        <div className="form-card">
          <div className="form-card__logo">
            <Logo />
          </div>
          <Outlet />
          <p className="form-card__copyright">© {new Date().getFullYear()} ROAR+. All rights reserved.</p>
        </div>
      </div>
    </div>
  );
}
