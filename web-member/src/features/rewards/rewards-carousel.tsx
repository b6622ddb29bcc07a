import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { CAROUSEL_AUTOPLAY_MS } from '../../config/site';
import type { CarouselItem } from './api';

/** The spec's full-width carousel: autoplay 5 s, one slide, 24px apart, initial slide 1, pauses on hover, pagination and arrows. */
export function RewardsCarousel({ items }: { items: readonly CarouselItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="rewards-carousel" aria-label="Featured partner offers">
      <Swiper
        modules={[Autoplay, Navigation, Pagination]}
        slidesPerView={1}
        spaceBetween={24}
        initialSlide={items.length > 1 ? 1 : 0}
        autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
        pagination={{ clickable: true }}
        navigation
      >
        {items.map((item) => (
          <SwiperSlide key={item.id}>
            <div className="rewards-slide">
              <img src={item.image} alt={`${item.title} logo`} className="rewards-slide__logo" />
              <div>
                <p className="rewards-slide__title">
                  {item.title}
                  {item.sample && <span className="sample-badge">Sample partner</span>}
                </p>
                <p className="rewards-slide__subtitle">{item.subtitle}</p>
              </div>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
