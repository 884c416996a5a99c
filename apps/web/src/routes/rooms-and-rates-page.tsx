/**
 * /Book/{propertyCode}/Rooms-And-Rates: the search answer and the booking wizard
 * (docs/guest-client.md): room type -> rate plan -> upgrade -> lead guest -> extras -> summary.
 * Desktop goes on to Checkout after the summary; mobile stays and scrolls to the top on each step.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { BookingStep, isBasketReadyForCheckout, type WizardMove } from '@hotel/domain/booking-wizard';
import { countNights, parseDate } from '@hotel/domain/dates';
import { ERROR_MESSAGES, guestsText } from '@hotel/domain/messages';
import { alternativeStays, isSearchPossible, minLengthOfStay, type AlternativeStay } from '@hotel/domain/restrictions';
import { buttonClasses, Button } from '../components/button';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { PromoCodeNotice } from '../components/promo-code-notice';
import { useToast } from '../components/toast';
import { AvailabilityOutcome } from '../features/availability/availability-outcome';
import { RateList } from '../features/availability/rate-list';
import { RoomTypeList, shownRoomTypes } from '../features/availability/room-type-list';
import { useAvailabilitySearch } from '../features/availability/search-api';
import { hasSearchLink } from '../features/search/search-link';
import { StaySummary } from '../features/search/stay-summary';
import { maxRoomsOf } from '../features/search/search-check';
import { BasketSummary } from '../features/basket/basket-summary';
import { ExtrasStep } from '../features/extras/extras-step';
import { clearServiceCache, loadServices } from '../features/extras/services-api';
import { LeadGuestStep } from '../features/guests/lead-guest-step';
import { upgradeOptions, UpgradeStep, type UpgradeOption } from '../features/upgrades/upgrade-step';
import { useCalendar } from '../hooks/use-calendar';
import { useWizardHistory } from '../hooks/use-wizard-history';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { toMajor } from '@hotel/domain/money';
import { trackEvent } from '../lib/analytics';
import { errorText } from '../lib/api-client';
import { bookingTotals } from '../lib/booking-totals';
import { paths } from '../lib/paths';
import { buildItem } from '../stores/booking-item';
import {
  addItem,
  advance,
  availabilityAnswered,
  backToRoomTypes,
  chooseRoomType,
  dismissSoldOut,
  goToStep,
  removeItem,
  replaceItem,
  startSearch,
  updateItem,
  useBookingState,
  wizardItems,
  type BookingItem,
} from '../stores/booking-store';
import type { SearchRoomType, Rate as WireRate } from '@hotel/domain/wire/search-response';
import { PageTitle } from '../components/layout';

export function RoomsAndRatesPage() {
  const { property, config } = useProperty();
  const booking = useBookingState();
  const isMobile = useIsMobile();
  const unit = useUnitNoun();
  const today = usePropertyToday();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  useDocumentTitle('Rooms and Rates', property.PropertyName);

  // A search link opened here is made where the form is, which also says what a bad one shows.
  const query = useSearch();
  const linked = hasSearchLink(new URLSearchParams(query));
  const search = booking.search;
  const possible =
    !linked &&
    search !== null &&
    isSearchPossible({
      propertyId: property.PropertyId,
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
      rooms: search.rooms,
      maxNumberOfRoomsOnBooking: maxRoomsOf(property, config),
      today,
    });
  const { data, error, mutate: searchAgainNow } = useAvailabilitySearch(possible ? search : null, booking.searchNumber);
  const wizard = useMemo(() => ({ showRoomConfigurationQuestion: config.ShowRoomConfigurationQuestion, isMobile }), [config, isMobile]);
  const { replaceNext } = useWizardHistory(booking);

  // An answer arrived: a new search starts the wizard, a later one fits the basket to it.
  useEffect(() => {
    if (data === undefined) return;
    replaceNext();
    availabilityAnswered(data.NumberOfRoomsPerRoomTypeId, wizard);
  }, [data, wizard, replaceNext]);

  const roomIndex = search !== null && booking.roomIndex < search.rooms.length ? booking.roomIndex : 0;
  const party = search?.rooms[roomIndex];
  const shown = useMemo(
    () => (data !== undefined && party !== undefined ? shownRoomTypes(data.RoomTypes, party, booking.roomsLeft) : []),
    [data, party, booking.roomsLeft],
  );
  const nothingShown =
    booking.searchPerformed && data !== undefined && shown.length === 0 && booking.step === BookingStep.RoomTypeSelection;
  const calendar = useCalendar(property.PropertyId, today, nothingShown);
  const alternatives = useMemo(
    () =>
      calendar.data !== undefined && search !== null
        ? alternativeStays({ calendar: calendar.data, from: search.dateFrom, to: search.dateTo, today, rooms: search.rooms.length })
        : [],
    [calendar.data, search, today],
  );
  const arrivalNight = calendar.data?.find((night) => parseDate(night.DateOfStay) === search?.dateFrom);
  const arrivalMinimumStay = arrivalNight && arrivalNight.Rates.length > 0 ? Math.min(...arrivalNight.Rates.map(minLengthOfStay)) : null;

  const entryOf = (roomTypeId: number | null): SearchRoomType | undefined =>
    data?.RoomTypes.find((entry) => entry.RoomType.RoomTypeId === roomTypeId);
  const activeItem: BookingItem | undefined = booking.items[booking.itemIndex];
  const currentItemOptions = useMemo(
    () =>
      activeItem === undefined
        ? []
        : upgradeOptions(entryOf(activeItem.RoomTypeId)?.RoomType, activeItem, booking.roomsLeft, property.Currency),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- entryOf reads data, listed
    [activeItem, data, booking.roomsLeft],
  );

  // Focus follows the wizard so a screen reader hears the new step; mobile scrolls to it.
  const stepKey = `${booking.step}:${booking.roomIndex}:${booking.itemIndex}:${booking.selectedRoomTypeId ?? ''}`;
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepRef.current?.focus({ preventScroll: true });
  }, [stepKey]);

  // An upgrade step with nothing eligible left is marked seen and passed.
  useEffect(() => {
    if (booking.step !== BookingStep.UpgradeSelection || activeItem === undefined || currentItemOptions.length > 0 || data === undefined)
      return;
    updateItem(activeItem.ReservationItemId, { upgradesSeen: true });
    replaceNext();
    follow(advance(wizard));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow is stable in effect
  }, [booking.step, activeItem, currentItemOptions, data, wizard, replaceNext]);

  if (linked) return <Redirect to={`${paths.book(property.PropertyCode)}?${query}`} replace />;
  if (!possible) return <Redirect to={paths.book(property.PropertyCode)} replace />;

  function follow(move: WizardMove) {
    if (move.navigateToCheckout) {
      navigate(paths.checkout(property.PropertyCode));
      return;
    }
    if (move.scrollToTop) window.scrollTo(0, 0);
  }

  const selectRate = async (entry: SearchRoomType, rate: WireRate) => {
    if (search === null) return;
    setBusy(true);
    try {
      const stay = { RoomTypeId: entry.RoomType.RoomTypeId, RatePlanId: rate.RatePlanId, DateFrom: search.dateFrom, DateTo: search.dateTo };
      const services = await loadServices(property.PropertyId, stay).catch(() => null);
      const item = buildItem({
        criteria: search,
        roomIndex: booking.roomIndex,
        entry,
        rate,
        hasSelectableServices: (services?.Services.length ?? 0) > 0,
        currency: property.Currency,
      });
      const left = { ...booking.roomsLeft, [String(item.RoomTypeId)]: (booking.roomsLeft[String(item.RoomTypeId)] ?? 0) - 1 };
      item.upgradesSeen = upgradeOptions(entry.RoomType, item, left, property.Currency).length === 0;
      const move = addItem(item, wizard);
      if (move === null) {
        toast.negative(ERROR_MESSAGES.roomsNoLongerAvailable);
        return;
      }
      trackEvent('addToCart', {
        roomTypeId: item.RoomTypeId,
        ratePlanId: item.RatePlanId,
        value: toMajor(item.roomCost, property.Currency),
      });
      follow(move);
    } finally {
      setBusy(false);
    }
  };

  const chooseUpgrade = async (item: BookingItem, option: UpgradeOption) => {
    setBusy(true);
    try {
      const stay = { RoomTypeId: option.upgrade.RoomTypeId, RatePlanId: item.RatePlanId, DateFrom: item.DateFrom, DateTo: item.DateTo };
      const services = await loadServices(property.PropertyId, stay).catch(() => null);
      const upgradedType = entryOf(option.upgrade.RoomTypeId)?.RoomType;
      const replaced = replaceItem(item.ReservationItemId, {
        ...item,
        RoomTypeId: option.upgrade.RoomTypeId,
        roomTypeName: option.upgrade.Name,
        ratePlanName: option.rate.Name,
        policy: option.rate.Policy,
        promotion: option.rate.Promotion,
        canPayByCompanyInvoice: option.rate.CanPayByCompanyInvoice,
        roomCost: option.total,
        originalRoomCost: option.original,
        hasConfigurations: upgradedType === undefined ? true : upgradedType.Configurations.length > 0,
        roomConfigurationId: null,
        roomConfigurationName: null,
        services: [],
        hasSelectableServices: (services?.Services.length ?? 0) > 0,
        servicesSeen: false,
        upgradesSeen: true,
      });
      if (!replaced) {
        toast.negative(ERROR_MESSAGES.roomsNoLongerAvailable);
        return;
      }
      follow(advance(wizard));
    } finally {
      setBusy(false);
    }
  };

  const rerunSearch = (stay: AlternativeStay) => {
    if (search === null) return;
    startSearch({ ...search, dateFrom: stay.from, dateTo: stay.to });
    void clearServiceCache();
  };

  const remove = (item: BookingItem) => {
    removeItem(item.ReservationItemId);
    trackEvent('removeFromCart', { roomTypeId: item.RoomTypeId, ratePlanId: item.RatePlanId });
  };

  const totals = bookingTotals(booking.items, booking.giftVoucher.discount, property);
  const ready = isBasketReadyForCheckout(wizardItems(booking.items, config.ShowRoomConfigurationQuestion));
  const nights = search === null ? 1 : countNights(search.dateFrom, search.dateTo);
  const usedElsewhere = (item: BookingItem) => {
    const used: Record<number, number> = {};
    for (const other of booking.items) {
      if (other.ReservationItemId === item.ReservationItemId) continue;
      for (const service of other.services) used[service.ServiceId] = (used[service.ServiceId] ?? 0) + service.units;
    }
    return used;
  };

  const checkoutLink = (
    <Link href={paths.checkout(property.PropertyCode)} className={buttonClasses('primary', 'mt-4 w-full')}>
      Continue to checkout
    </Link>
  );

  let step: ReactNode;
  if (error !== undefined) {
    step = (
      <Notice tone="negative" title="Error" live>
        <p>{errorText(error, ERROR_MESSAGES.actionFailed)}</p>
        <div className="mt-2 flex flex-wrap items-center gap-4">
          <Button variant="secondary" onClick={() => void searchAgainNow()}>
            Try again
          </Button>
          <Link className="underline" href={paths.book(property.PropertyCode)}>
            Change your search
          </Link>
        </div>
      </Notice>
    );
  } else if (data === undefined || !booking.searchPerformed) {
    step = <Loading label="Searching for available rooms…" />;
  } else if (booking.step === BookingStep.RatePlanSelection && party !== undefined) {
    const entry = entryOf(booking.selectedRoomTypeId);
    step =
      entry === undefined ? null : (
        <RateList
          entry={entry}
          party={party}
          roomIndex={roomIndex}
          nights={nights}
          busy={busy}
          onSelect={(rate) => void selectRate(entry, rate)}
          onBack={backToRoomTypes}
        />
      );
  } else if (booking.step === BookingStep.UpgradeSelection && activeItem !== undefined) {
    step = (
      <UpgradeStep
        item={activeItem}
        options={currentItemOptions}
        details={(roomTypeId) => entryOf(roomTypeId)?.RoomType}
        unit={unit}
        busy={busy}
        onUpgrade={(option) => void chooseUpgrade(activeItem, option)}
        onSkip={() => {
          updateItem(activeItem.ReservationItemId, { upgradesSeen: true });
          follow(advance(wizard));
        }}
      />
    );
  } else if (booking.step === BookingStep.Occupancy && activeItem !== undefined) {
    step = (
      <LeadGuestStep
        key={activeItem.ReservationItemId}
        item={activeItem}
        propertyId={property.PropertyId}
        askConfiguration={config.ShowRoomConfigurationQuestion}
        unit={unit}
        onSave={(leadGuest, configuration) => {
          updateItem(activeItem.ReservationItemId, {
            leadGuest,
            roomConfigurationId: configuration?.id ?? null,
            roomConfigurationName: configuration?.name ?? null,
            guestsReviewed: true,
          });
          follow(advance(wizard));
        }}
      />
    );
  } else if (booking.step === BookingStep.Extras && activeItem !== undefined) {
    step = (
      <ExtrasStep
        key={activeItem.ReservationItemId}
        item={activeItem}
        propertyId={property.PropertyId}
        usedElsewhere={usedElsewhere(activeItem)}
        unit={unit}
        onSave={(services) => {
          updateItem(activeItem.ReservationItemId, { services, servicesSeen: true });
          follow(advance(wizard));
        }}
      />
    );
  } else if (booking.step === BookingStep.BookingSummary && booking.items.length > 0) {
    step = (
      <BasketSummary
        heading="Booking summary"
        items={booking.items}
        totals={totals}
        unit={unit}

        onRemove={remove}
        onChange={goToStep}
      >
        {ready && checkoutLink}
      </BasketSummary>
    );
  } else if (party !== undefined) {
    const roomCount = search?.rooms.length ?? 1;
    step = (
      <div className="space-y-4">
        <h2 className="text-2xl font-semibold">
          Choose your {unit.one}
          {roomCount > 1 && (
            <span className="block text-base font-normal text-gray-800">
              {unit.One} {booking.roomIndex + 1} of {roomCount}: {guestsText([party])}
            </span>
          )}
        </h2>
        <AvailabilityOutcome
          response={data}
          shownCount={shown.length}
          party={party}
          nights={nights}
          noAvailabilityMessage={config.NoAvailabilityMessage}
          minimumStay={config.ShowMinimumLengthOfStayNotification ? arrivalMinimumStay : null}
          alternatives={alternatives}
          onAlternative={rerunSearch}
        />
        <RoomTypeList
          roomTypes={shown}
          roomIndex={roomIndex}
          nights={nights}
          roomsLeft={booking.roomsLeft}
          showOccupancy={config.ShowRoomTypeOccupancy || property.ShowRoomTypeOccupancy}
          unit={unit}
          onChoose={chooseRoomType}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <PageTitle>Rooms and Rates</PageTitle>
          {search !== null && <StaySummary from={search.dateFrom} to={search.dateTo} rooms={search.rooms} unit={unit} />}
        </div>
        {/* The search page opens filled with this search (the store keeps it), ready to change. */}
        <Link href={paths.book(property.PropertyCode)} className="text-link underline">
          Change search
        </Link>
      </div>
      {data !== undefined && <PromoCodeNotice answer={data} />}
      {booking.soldOut !== null && (
        <Notice tone="warning" title="Sorry, your booking has changed" live>
          {booking.soldOut.removed.length > 0 ? (
            <p>
              {booking.soldOut.removed.map((room) => `${unit.One} ${room.roomNumber} (${room.roomTypeName})`).join(' and ')}{' '}
              {booking.soldOut.removed.length === 1
                ? 'was just booked by someone else, so we have taken it'
                : 'were just booked by someone else, so we have taken them'}{' '}
              out of your booking. What is still free is shown below: please choose again. The details you typed at checkout are kept.
            </p>
          ) : (
            <p>{booking.soldOut.message}</p>
          )}
          <Button variant="link" className="mt-2" onClick={dismissSoldOut}>
            Dismiss
          </Button>
        </Notice>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div ref={stepRef} tabIndex={-1} className="min-w-0" data-step={booking.step}>
          {step}
        </div>
        {booking.step !== BookingStep.BookingSummary && (
          <aside className="hidden lg:block" aria-label="Your booking so far">
            <div className="sticky top-4">
              <BasketSummary items={booking.items} totals={totals} unit={unit} onRemove={remove} onChange={goToStep}>
                {ready && checkoutLink}
              </BasketSummary>
            </div>
          </aside>
        )}
      </div>
      {booking.items.length > 0 && booking.step !== BookingStep.BookingSummary && (
        <div className="lg:hidden">
          <p className="text-sm text-gray-800">
            {booking.items.length} of {unit.count(search?.rooms.length ?? 1)} chosen.
          </p>
          {ready && (
            <Button className="mt-2 w-full" onClick={() => goToStep(BookingStep.BookingSummary, 0)}>
              Review booking
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
